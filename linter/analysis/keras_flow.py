"""What Keras trains, and where the gradient stops on the way: the training view of the model
(``ModuleModel.training``), for code Keras trains with ``compile`` and ``fit`` rather than a
``GradientTape`` of the user's.

Keras differentiates the loss with respect to every trainable weight, through whatever the
model and the loss compute. The view finds, with the tape view's interpreter
(tf2lint.analysis.tape_flow) running everything as recorded:

* losses passed to ``compile(loss=...)`` (a function, the inner function a factory returns, a
  ``Loss`` subclass's ``call``) whose result depends on ``y_pred`` only through a cut: an op
  without a gradient or with an integer output (the knowledge base's, generated from
  TensorFlow), a comparison;
* models the module builds and trains (``compile``, ``fit``, ``train_on_batch``): a
  ``Sequential`` (a list or ``add`` calls), a functional ``Model(inputs, outputs)`` (its
  building code run, ops on the symbolic tensors included), a ``Model`` subclass's ``call``:
  a layer with trainable weights (the knowledge base's, from building each layer class; a
  layer class of the module that makes weights) whose every path to the outputs passes a cut
  (in a ``Lambda``, an ``activation``, a layer of the module whose ``call`` cuts its input).

It claims a cut only where it can show it: a call it cannot follow makes what it gives unknown,
and unknown values support no claim.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tf2lint.analysis import knowledge
from tf2lint.analysis.scopes import FunctionInfo, ScopeKind, SiteKind
from tf2lint.analysis.tape import TapeBlock
from tf2lint.analysis.tape_flow import (
    NOTHING,
    UNKNOWN,
    Cut,
    Flow,
    Interpreter,
    argument,
    body_statements,
    chain_text,
    own_gradient,
)
from tf2lint.analysis.tensors import keras_tensor
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import ClassInfo, Scope

_LAMBDA = frozenset({"keras.layers.Lambda", "tf_keras.layers.Lambda"})
_ACTIVATION = frozenset({"keras.layers.Activation", "tf_keras.layers.Activation"})
_SEQUENTIAL = frozenset(
    {
        "keras.Sequential",
        "keras.models.Sequential",
        "tf_keras.Sequential",
        "tf_keras.models.Sequential",
    }
)
_INPUTS = ("Input", "InputLayer")
_WEIGHT_METHODS = frozenset({"add_weight", "add_variable"})
PREDICTIONS = "@y_pred"  # the origin a loss's predictions carry


@dataclass(frozen=True)
class TrainingCut:
    """A cut on the path Keras differentiates: ``cut`` (the step), ``weights`` (the layer
    construction whose weights it cuts off, None for a loss), ``trained`` (the call that
    trains them: ``compile`` or ``fit``), ``loss`` (the loss function, for a loss)."""

    cut: Cut
    trained: cst.Call
    weights: cst.CSTNode | None = None
    loss: FunctionInfo | None = field(default=None, compare=False)


class TrainingView:
    """The cuts of a module's Keras-trained losses and models, found on first use."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.cuts: list[TrainingCut] = []
        self._weights: dict[int, str] = {}  # id(construction) -> its weights' origin
        self._constructions: dict[str, cst.CSTNode] = {}  # origin -> construction
        self._classes_with_weights: dict[int, bool] = {}
        self._frozen: set[str] | None = None
        self.targets: set[int] = set()  # ids of functional `Model(...)` calls being run
        self.outputs: dict[int, Flow] = {}  # id(`Model(...)`) -> what its outputs depend on
        # the calls that train a compiled model (generated: knowledge.step_methods) and the
        # compile that sets them up
        training = knowledge.step_methods("train") | {"compile"}
        trains = [
            call
            for call in model.nodes_of(cst.Call)
            if isinstance(call.func, cst.Attribute) and call.func.attr.value in training
        ]
        if trains:
            self._find(trains)

    # --- what is trained --------------------------------------------------------------------
    def _find(self, trains: list[cst.Call]) -> None:
        seen: set[int] = set()
        for call in trains:
            receiver = call.func.value  # type: ignore[union-attr]
            scope = _scope_of(self.model, call)
            if call.func.attr.value == "compile":  # type: ignore[union-attr]
                self._losses(call, scope)
            for construction, where in self.constructions(receiver, scope, 0):
                if id(construction) in seen:
                    continue
                seen.add(id(construction))
                self._model(construction, where, call)

    def constructions(
        self, expr: cst.BaseExpression, scope: Scope, depth: int
    ) -> list[tuple[cst.Call, Scope]]:
        """The Keras model constructions ``expr`` may hold (through names, ``self.<attr>`` and
        the returns of the module's functions), with the scope each is evaluated in."""
        model = self.model
        if depth > 4 or not isinstance(expr, (cst.Name, cst.Attribute)):
            return []
        found = []
        where = scope
        if isinstance(expr, cst.Name):
            binding = model.binding_of(expr, scope)
            where = binding.scope or scope
        for value in model.bound_values(expr, scope):
            if not isinstance(value, cst.Call):
                continue
            name = model.call_name(value)
            cls = self.local_class(value, where)
            if knowledge.class_kind(name) == "model" or (
                cls is not None and cls.keras_kind == "model"
            ):
                found.append((value, where))
                continue
            callee = model.callee(value, where)
            if callee is None or callee.cls is not None:
                continue
            for returned in model.return_values(callee):
                if isinstance(returned, cst.Call):
                    name = model.call_name(returned)
                    if knowledge.class_kind(name) == "model":
                        found.append((returned, callee))
                else:
                    found.extend(self.constructions(returned, callee, depth + 1))
        return found

    # --- losses -----------------------------------------------------------------------------
    def _losses(self, compile_call: cst.Call, scope: Scope) -> None:
        loss = argument(compile_call, 1, "loss")
        if loss is None:
            return
        for function, params in self._loss_functions(loss, scope, 0):
            if len(params) < 2 or own_gradient(self.model, function):
                continue
            interpreter = self.interpreter(function)
            env = {
                params[0]: Flow(kind="tensor"),
                params[1]: Flow(frozenset({PREDICTIONS}), kind="tensor"),
            }
            returned = interpreter.run_body(_body(function), env, True)
            if returned is None or returned.unknown or PREDICTIONS in returned.live:
                continue
            cuts = [c for origin, c in returned.cuts if origin == PREDICTIONS]
            if cuts:
                cut = min(cuts, key=_position_key)
                self.cuts.append(TrainingCut(cut, compile_call, None, function))

    def _loss_functions(
        self, expr: cst.BaseExpression, scope: Scope, depth: int
    ) -> list[tuple[FunctionInfo, list[str]]]:
        """The functions Keras calls as the loss ``expr``, each with its (y_true, y_pred)
        parameters: a function or lambda, a factory's inner function, a ``Loss`` subclass's
        ``call``; each element of a list or dict of losses."""
        model = self.model
        if depth > 3:
            return []
        if isinstance(expr, (cst.List, cst.Tuple)):
            return [
                f for e in expr.elements for f in self._loss_functions(e.value, scope, depth + 1)
            ]
        if isinstance(expr, cst.Dict):
            return [
                f
                for e in expr.elements
                if isinstance(e, cst.DictElement)
                for f in self._loss_functions(e.value, scope, depth + 1)
            ]
        function = model.function_referenced(expr, scope)
        if function is not None and function.cls is None:
            return [(function, list(function.params))]
        if isinstance(expr, cst.Name):
            values = model.binding_of(expr, scope).known_values
            if values and len(values) == 1 and isinstance(values[0], cst.Call):
                return self._loss_functions(values[0], scope, depth + 1)
            return []
        if not isinstance(expr, cst.Call):
            return []
        cls = self.local_class(expr, scope)
        if cls is not None:
            if cls.keras_kind != "loss":
                return []
            method = model.resolve_method(cls, "call")
            return [(method, list(method.params[1:]))] if method is not None else []
        callee = model.callee(expr, scope)
        if callee is None or callee.cls is not None:
            return []
        found = []
        for returned in model.return_values(callee):
            inner = model.function_referenced(returned, callee)
            if inner is not None and inner.cls is None:
                found.append((inner, list(inner.params)))
        return found

    # --- models -----------------------------------------------------------------------------
    def _model(self, construction: cst.Call, scope: Scope, trained: cst.Call) -> None:
        model = self.model
        name = knowledge.canonical(model.call_name(construction) or "")
        interpreter = self.interpreter(scope)
        if name in _SEQUENTIAL:
            outputs = self.sequential(construction, Flow(kind="tensor"), interpreter, scope)
        elif knowledge.class_kind(name) == "model" and argument(construction, 1, "outputs"):
            self.targets.add(id(construction))
            interpreter.run_body(body_statements(scope.node), {}, True)
            self.targets.discard(id(construction))
            outputs = self.outputs.pop(id(construction), None)
        else:
            cls = self.local_class(construction, scope)
            method = model.resolve_method(cls, "call") if cls is not None else None
            if method is None or len(method.params) < 2:
                return
            inner = self.interpreter(method)
            env = {method.params[0]: NOTHING, method.params[1]: Flow(kind="tensor")}
            outputs = inner.run_body(_body(method), env, True)
        if outputs is None or outputs.unknown:
            return
        for origin, layer in self._constructions.items():
            if origin in outputs.live or self._adds_loss(layer) or self._loss_reads_model():
                continue
            cuts = [c for o, c in outputs.cuts if o == origin]
            if cuts:
                self.cuts.append(TrainingCut(min(cuts, key=_position_key), trained, layer))

    def sequential(
        self, construction: cst.Call, flow: Flow, interpreter: Interpreter, scope: Scope
    ) -> Flow | None:
        """What a ``Sequential`` gives for ``flow``: each of its layers applied in turn (the
        list it is built with, else the ``add`` calls on the name that holds it)."""
        layers = argument(construction, 0, "layers")
        if isinstance(layers, (cst.List, cst.Tuple)):
            elements = [e.value for e in layers.elements]
        elif layers is None:
            elements = self._added_layers(construction, scope)
            if elements is None:
                return None
        else:
            return None
        for element in elements:
            if isinstance(element, cst.Call) and (self.model.call_name(element) or "").endswith(
                _INPUTS
            ):
                continue
            layer = self.layer_construction(element, scope)
            if layer is None:
                return None
            flow = self.apply(layer, [flow], interpreter, layer)
            if flow.unknown:
                return flow
        return flow

    def layers_of(self, construction: cst.Call, scope: Scope) -> list[cst.Call] | None:
        """The layer constructions a model holds, where the module shows them all: a
        ``Sequential``'s list (or ``add`` calls), or the layers a ``Model`` subclass of the
        module assigns to ``self.<attr>``; None where it does not."""
        model = self.model
        name = knowledge.canonical(model.call_name(construction) or "")
        if name in _SEQUENTIAL:
            layers = argument(construction, 0, "layers")
            if isinstance(layers, (cst.List, cst.Tuple)):
                elements = [e.value for e in layers.elements]
            elif layers is None:
                elements = self._added_layers(construction, scope) or []
            else:
                return None
            return [e for e in elements if isinstance(e, cst.Call)]
        cls = self.local_class(construction, scope)
        if cls is None or cls.keras_kind != "model":
            return None
        found = []
        for method in cls.methods.values():
            for assign in _self_assignments(method):
                if isinstance(assign, cst.Call) and self._is_layer(assign, method):
                    found.append(assign)
        return found

    def _added_layers(
        self, construction: cst.Call, scope: Scope
    ) -> list[cst.BaseExpression] | None:
        """The layers ``name.add(...)`` adds, in order, to the ``Sequential()`` bound to name."""
        model = self.model
        holders = [
            site.node
            for binding_scope in (scope,)
            for name, sites in binding_scope.bindings.items()
            for site in sites
            if site.value is construction
        ]
        if len(holders) != 1 or not isinstance(holders[0], cst.Name):
            return None
        holder = holders[0].value
        added = []
        for call in model.calls_made_by(scope if scope.kind == ScopeKind.FUNCTION else None):
            func = call.func
            if (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Name)
                and func.value.value == holder
                and func.attr.value == "add"
                and call.args
            ):
                added.append(call.args[0].value)
        return added or None

    # --- layers -----------------------------------------------------------------------------
    def layer_construction(self, expr: cst.BaseExpression, scope: Scope) -> cst.Call | None:
        """The construction of the Keras layer (or model) ``expr`` holds: a construction call
        itself, or the one value a name or ``self.<attr>`` is bound to."""
        model = self.model
        if isinstance(expr, cst.Call):
            return expr if self._is_layer(expr, scope) else None
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return None
        if isinstance(expr, cst.Attribute) and not (
            isinstance(expr.value, cst.Name) and expr.value.value == "self"
        ):
            return None
        values = model.bound_values(expr, scope)
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return None
        where = scope
        if isinstance(expr, cst.Name):
            where = model.binding_of(expr, scope).scope or scope
        return values[0] if self._is_layer(values[0], where) else None

    def _is_layer(self, call: cst.Call, scope: Scope) -> bool:
        kind = knowledge.class_kind(self.model.call_name(call))
        if kind in ("layer", "model"):
            return True
        cls = self.local_class(call, scope)
        return cls is not None and cls.keras_kind in ("layer", "model")

    def apply(
        self,
        layer: cst.Call,
        args: list[Flow],
        interpreter: Interpreter,
        node: cst.CSTNode,
    ) -> Flow:
        """What calling the layer ``layer`` constructs on ``args`` gives, its own trainable
        weights (an origin) added where it has some."""
        model = self.model
        scope = _scope_of(model, layer)
        joined = _joined(args)
        cls = self.local_class(layer, scope)
        if cls is not None:
            return self._own_call(cls, layer, args, interpreter)
        name = model.call_name(layer) or ""
        canonical = knowledge.canonical(name)
        if canonical in _LAMBDA:
            function = argument(layer, 0, "function")
            return self.apply_function(function, args, interpreter, scope)
        if canonical in _ACTIVATION:
            function = argument(layer, 0, "activation")
            return self.apply_function(function, args, interpreter, scope)
        if canonical in _SEQUENTIAL:
            found = self.sequential(layer, joined, interpreter, scope)
            return found if found is not None else UNKNOWN
        if knowledge.class_kind(name) != "layer":
            return UNKNOWN
        flow = replace(joined, kind="tensor")
        if knowledge.cuts_layer_inputs(name):
            short = name.rsplit(".", 1)[-1]
            what = f"`{short}`, which takes its inputs as integer ids"
            flow = flow.cut(Cut(layer, "lookup", what))
        weights = knowledge.layer_weights(name)
        if weights is not None and weights.trainable and not self._frozen_layer(layer, scope):
            flow = replace(flow, live=flow.live | {self.origin(layer)})
        activation = _keyword(layer, "activation")
        if activation is not None:
            flow = self.apply_function(activation, [flow], interpreter, scope)
        return flow

    def apply_function(
        self,
        function: cst.BaseExpression | None,
        args: list[Flow],
        interpreter: Interpreter,
        scope: Scope,
    ) -> Flow:
        """Calling ``function`` (a ``Lambda``'s, an ``activation``) on ``args``."""
        joined = replace(_joined(args), kind="tensor")
        if function is None or isinstance(function, (cst.SimpleString, cst.ConcatenatedString)):
            return joined  # `activation="relu"`: Keras's own, differentiable
        if isinstance(function, cst.Name) and function.value == "None":
            return joined
        model = self.model
        target = model.function_referenced(function, scope)
        if target is not None:
            if own_gradient(model, target):
                return replace(joined, unknown=True)  # `@tf.custom_gradient`: its own
            inner = interpreter.inner()
            inner.scope = target
            params = [p for p in target.params]
            env = dict(zip(params, args, strict=False))
            if isinstance(target.node, cst.Lambda):
                return inner.run_expression(target.node.body, env, True)
            returned = inner.run_body(_body(target), env, True)
            return returned if returned is not None else UNKNOWN
        qualified = model.qualified_name(function)
        if qualified is None:
            return UNKNOWN
        cut = knowledge.gradient_cut(qualified)
        if cut is not None:
            short = qualified.replace("tensorflow.", "tf.", 1)
            if cut.reason == "integer-output":
                what = f"`{short}` gives an integer or bool tensor"
            else:
                what = f"`{short}` has no gradient"
            return joined.cut(Cut(function, cut.reason, what))
        if knowledge.returns(qualified) == "tensor":
            return joined
        return UNKNOWN

    def _own_call(
        self, cls: ClassInfo, layer: cst.Call, args: list[Flow], interpreter: Interpreter
    ) -> Flow:
        """A layer of the module: its ``call`` run on ``args``, ``self`` holding its weights."""
        model = self.model
        method = model.resolve_method(cls, "call")
        if method is None or not method.params:
            return UNKNOWN
        own = self.origin(layer) if self.makes_trainable_weights(cls) else None
        env: dict[str, Flow] = {method.params[0]: Flow(frozenset({own})) if own else NOTHING}
        env.update(zip(method.params[1:], args, strict=False))
        inner = interpreter.inner()
        inner.scope = method
        returned = inner.run_body(_body(method), env, True)
        if returned is None:
            return UNKNOWN
        return replace(returned, kind="tensor")

    def origin(self, layer: cst.CSTNode) -> str:
        """The origin that stands for the trainable weights of the layer ``layer`` constructs."""
        found = self._weights.get(id(layer))
        if found is None:
            found = self._weights[id(layer)] = f"@weights:{len(self._weights)}"
            self._constructions[found] = layer
        return found

    def makes_trainable_weights(self, cls: ClassInfo, depth: int = 0) -> bool:
        """Whether the module's layer class (or a base of it in the module) makes trainable
        weights: ``add_weight`` (not ``trainable=False``), or a Keras layer with weights
        built in its methods; a Keras base with weights (``class MyDense(Dense)``)."""
        known = self._classes_with_weights.get(id(cls))
        if known is not None:
            return known
        found = False
        model = self.model
        for method in cls.methods.values():
            for call in method.calls:
                func = call.func
                if (
                    isinstance(func, cst.Attribute)
                    and func.attr.value in _WEIGHT_METHODS
                    and not _false_keyword(call, "trainable")
                ):
                    found = True
                name = model.call_name(call)
                if name in ("tensorflow.Variable",) and not _false_keyword(call, "trainable"):
                    found = True
                weights = knowledge.layer_weights(name)
                if weights is not None and weights.trainable:
                    found = True
        for base in cls.base_names:
            parent = model.module_classes.get(base or "")
            if parent is not None and depth < 8:
                found = found or self.makes_trainable_weights(parent, depth + 1)
            weights = knowledge.layer_weights(base)
            if weights is not None and weights.trainable:
                found = True
        self._classes_with_weights[id(cls)] = found
        return found

    def _frozen_layer(self, layer: cst.Call, scope: Scope) -> bool:
        """Whether the layer is made non-trainable: ``trainable=False`` where it is built, or
        ``<name>.trainable = False`` on a name bound to it anywhere in the module."""
        if _false_keyword(layer, "trainable"):
            return True
        if self._frozen is None:
            self._frozen = set()
            for assign in self.model.nodes_of(cst.Assign):
                if isinstance(assign.value, cst.Name) and assign.value.value == "False":
                    for target in assign.targets:
                        owner = target.target
                        if isinstance(owner, cst.Attribute) and owner.attr.value == "trainable":
                            text = chain_text(owner.value)
                            if text is not None:
                                self._frozen.add(text)
        for text in self._frozen:
            holder = self.model.lookup(text.split(".")[0], scope)
            if any(site.value is layer for site in holder.sites) and "." not in text:
                return True
        return False

    def _adds_loss(self, layer: cst.CSTNode) -> bool:
        """Whether the module's layer class that ``layer`` constructs calls ``self.add_loss``:
        Keras adds that loss to the one it differentiates, so its weights may train through it
        and not through the outputs (a VQ-VAE's codebook, behind a straight-through
        ``tf.stop_gradient``, trains by its codebook loss)."""
        if not isinstance(layer, cst.Call):
            return False
        cls = self.local_class(layer, _scope_of(self.model, layer))
        if cls is None:
            return False
        return any(
            isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_loss"
            for owner in self.model.mro(cls)
            for method in owner.methods.values()
            for call in method.calls
        )

    def _loss_reads_model(self) -> bool:
        """Whether a function given to ``compile`` reads a symbolic Keras tensor of model
        building from outside it (a VQ-VAE's commitment term on the encoder's output): the
        loss, not only the outputs, then depends on the layers (and fails, TF303's finding)."""
        model = self.model
        return model.memo("compile-loss-reads-model", self._reads_model)

    def _reads_model(self) -> bool:
        model = self.model
        for root in model.roots:
            fn = root.target
            if root.reason.kind != "compiled" or not isinstance(fn, FunctionInfo):
                continue
            for name in model.nodes_of(cst.Name):
                if model.scope_of(name) is not fn:
                    continue
                binding = model.binding_of(name, fn)
                outer = binding.scope is not fn and binding.scope is not None and binding.values
                if outer and keras_tensor(model, fn, name):
                    return True
        return False

    def local_class(self, call: cst.Call, scope: Scope | None) -> ClassInfo | None:
        """The module class ``call`` constructs, if it is one."""
        if not isinstance(call.func, cst.Name):
            return None
        binding = self.model.binding_of(call.func, scope)
        classes = [s.node for s in binding.sites if s.kind == SiteKind.CLASS]
        return self.model.classes.get(classes[-1]) if classes else None

    def interpreter(self, scope: Scope) -> KerasGraphInterpreter:
        block = TapeBlock(None, "", None, None, True, scope)  # type: ignore[arg-type]
        interpreter = KerasGraphInterpreter(self.model, block, None)  # type: ignore[arg-type]
        interpreter.training = self
        interpreter.scope = scope
        return interpreter


class KerasGraphInterpreter(Interpreter):
    """The tape view's interpreter, for code Keras records whole (a model's building code, its
    ``call``, a loss): calling a Keras layer adds its trainable weights to what it gives."""

    training: TrainingView

    def inner(self) -> Interpreter:
        inner = super().inner()
        inner.training = self.training  # type: ignore[attr-defined]
        return inner

    def call(self, node: cst.Call, state) -> Flow:  # type: ignore[override]
        training = self.training
        if id(node) in training.targets:
            outputs = argument(node, 1, "outputs")
            if outputs is not None:
                training.outputs[id(node)] = self.expr(outputs, state)
        layer = training.layer_construction(node.func, self.scope)
        if layer is not None:
            args = [self.expr(a.value, state) for a in node.args if a.keyword is None]
            if not isinstance(node.func, cst.Call):
                self.expr(node.func, state)
            return training.apply(layer, args, self, node)
        return super().call(node, state)


def _self_assignments(method: FunctionInfo) -> list[cst.BaseExpression]:
    """The values ``method`` assigns to ``self.<attr>``."""
    found = []
    for statement in body_statements(method.node):
        for small in getattr(statement, "body", ()):
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    owner = target.target
                    if (
                        isinstance(owner, cst.Attribute)
                        and isinstance(owner.value, cst.Name)
                        and owner.value.value == "self"
                    ):
                        found.append(small.value)
    return found


def _joined(flows: list[Flow]) -> Flow:
    found = NOTHING
    for flow in flows:
        found = found.join(flow)
    return found


def _body(function: FunctionInfo) -> list[cst.CSTNode]:
    if isinstance(function.node, cst.Lambda):
        return [cst.SimpleStatementLine([cst.Return(function.node.body)])]
    return body_statements(function.node)


def _keyword(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return None


def _false_keyword(call: cst.Call, keyword: str) -> bool:
    return any(
        a.keyword is not None
        and a.keyword.value == keyword
        and isinstance(a.value, cst.Name)
        and a.value.value == "False"
        for a in call.args
    )


def _position_key(cut: Cut) -> int:
    return 0 if cut.reason != "host" else 1


def _scope_of(model: ModuleModel, node: cst.CSTNode) -> Scope:
    """The scope ``node`` is evaluated in (through the first name inside it)."""
    todo = [node]
    while todo:
        current = todo.pop(0)
        if isinstance(current, cst.Name):
            return model.scope_of(current)
        todo.extend(current.children)
    return model.scope

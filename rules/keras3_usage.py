"""Keras 3 breaks that show in how values are used, not in which API is named (issue 22).

TF015-TF020 need to know what kind of value an expression holds: a Keras tensor (the symbolic
output of ``keras.Input`` and of layers in a functional model: ``analysis/tensors.py`` answers
it, as every tensor kind), a Keras variable (a layer's weights, an optimizer's learning rate), a
Keras object (:func:`tf2lint.analysis.kinds.keras_object`, a mapping over the model's ``kind_of``). The Keras
variable helper below is narrow on purpose: it reads only what this module shows. What Keras 3
lacks or refuses comes from the generated table (``data/keras3_migration.json``:
``keras_tensor``, ``backend``), probed under both versions by ``scripts/generate_keras3_data.py``.
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.compiles import frozen_before_first_training
from tf2lint.analysis.kinds import (
    KerasObject,
    defines,
    keras_object,
    keras_subclass,
    module_lineage,
    own_method,
)
from tf2lint.analysis.model import ClassInfo, FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.shapes import input_fixes_batch
from tf2lint.analysis.tensors import (
    custom_gradient_function,
    keras_tensor,
    keras_tensor_step,
    may_hold_keras_tensors,
    symbolic_keras_tensor,
)
from tf2lint.analysis.tfnames import keras3_name
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import (
    KERAS_EVIDENCE_TEXT,
    Keras3Rule,
    StoreRule,
    code,
    keras_path_fix,
    keyword_arg,
    literal_tail,
    table,
    uses_tf_keras,
)

# --- evidence: value kinds (KNOWLEDGE BASE: move these onto the model's value kinds) -----------


def _is_layer(cls: str) -> bool:
    return cls.startswith("layers.") or table().is_a(cls, "layers.Layer")


_VARIABLE_LISTS = frozenset(
    {"weights", "variables", "trainable_weights", "trainable_variables", "non_trainable_weights"}
)


def keras_variable(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` holds a Keras 3 variable: an attribute of a Keras object
    (``<optimizer>.learning_rate``, ``<layer>.kernel``), an element of its ``weights`` (indexed,
    or the loop variable over it). KNOWLEDGE BASE: a value kind for Keras variables."""
    if isinstance(expr, cst.Attribute):
        return keras_object(model, scope, expr.value) is not None
    if isinstance(expr, cst.Subscript):
        return _variable_list(model, scope, expr.value)
    if isinstance(expr, cst.Name):
        return any(
            site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION)
            and site.value is not None
            and _variable_list(model, scope, site.value)
            for site in model.binding_of(expr, scope).sites
        )
    return False


def _variable_list(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    return (
        isinstance(expr, cst.Attribute)
        and expr.attr.value in _VARIABLE_LISTS
        and (
            keras_object(model, scope, expr.value) is not None
            or (isinstance(expr.value, cst.Name) and expr.value.value == "self")
        )
    )


def build_input_shape(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is the ``input_shape`` parameter of ``build`` in a Keras layer subclass,
    never rebound, or a ``self.<attr>`` the layer stores it in (Keras 2 passed a
    ``TensorShape``, Keras 3 a tuple)."""
    if isinstance(expr, cst.Attribute) and keras_layer_self(model, scope, expr.value):
        return _kept_build_shape(model, scope, expr.attr.value)
    fn = scope.function if scope is not None else None
    if not isinstance(expr, cst.Name) or fn is None or fn.name != "build" or fn.cls is None:
        return False
    if len(fn.params) < 2 or fn.params[1] != expr.value:
        return False
    if not model.binding_of(expr, scope).param_only:
        return False
    found = keras_subclass(model, fn.cls)
    return found is not None and _is_layer(found.cls)


def _kept_build_shape(model: ModuleModel, scope: Scope | None, attr: str) -> bool:
    """``self.<attr>`` is assigned ``build``'s own ``input_shape`` somewhere in the class
    (``self.build_output_shape = input_shape``, keras-tcn)."""
    cls = model.enclosing_class(scope)
    build = cls.methods.get("build") if cls is not None else None
    if build is None or len(build.params) < 2:
        return False
    return any(
        isinstance(value, cst.Name) and value.value == build.params[1]
        for value in cls.self_assignments.get(attr, [])
    )


def keras_layer_self(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression):
    """The user's Keras layer (or model) class when ``expr`` is ``self`` in one of its methods."""
    if not (isinstance(expr, cst.Name) and expr.value == "self"):
        return None
    cls = model.enclosing_class(scope)
    found = keras_subclass(model, cls) if cls is not None else None
    return found if found is not None and _is_layer(found.cls) else None


def _call_args(node: cst.Call) -> list[cst.BaseExpression]:
    return [arg.value for arg in node.args]


# --- TF015: TensorFlow ops and backend functions on Keras tensors --------------------------------

# The TensorFlow APIs tf-keras (Keras 2) cannot wrap in a `TFOpLambda` layer when given a Keras
# tensor: they register no dispatcher (`map_fn`, `while_loop`, `vectorized_map`, `switch_case`,
# `constant`, `Variable`) or return an Operation, no tensor (`Assert`, `print`). Each raises
# TypeError on a tf-keras `Input` (TF 2.21, TF_USE_LEGACY_KERAS=1), as every TF op does in Keras 3.
_TF_KERAS_REFUSES = frozenset(
    "tensorflow." + name
    for name in (
        "map_fn", "while_loop", "vectorized_map", "switch_case", "constant", "Variable",
        "Assert", "debugging.Assert", "print",
    )
)  # fmt: skip


class TfOpOnKerasTensor(Keras3Rule):
    id = "TF015"
    category = "graph-incompatible"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "tf-op-on-keras-tensor"
    severity = "error"
    message = "a TensorFlow op on a Keras tensor fails in Keras 3 outside a layer"
    rationale = """
        In Keras 2 a functional model could mix TensorFlow ops with layers: `tf.concat([a, b])`
        on the outputs of `keras.Input` and of layers was wrapped into a `TFOpLambda` layer. In
        Keras 3 a Keras tensor is a symbolic placeholder that TensorFlow cannot take:
        `ValueError: A KerasTensor cannot be used as input to a TensorFlow function`. The
        `tf.keras.backend` functions that run TF ops (`K.mean`, `K.concatenate`,
        `K.expand_dims`, 45 found by probing both versions) fail the same way. Use `keras.ops`
        (`keras.ops.concatenate`, `keras.ops.expand_dims`), a layer, or wrap the op in a
        `Lambda` or a `Layer.call`. Evidence required: an argument is a Keras tensor by the
        code of this module (from `Input`, a Keras layer called on one, `<layer>.output`, or
        a parameter of a model-building helper every call of which passes one:
        `residual_block(x, 64)` reading `tf.shape(x)[-1]`); ops inside `call` or a `Lambda`
        get real tensors and are not reported, and ops in a loss or metric Keras traces that
        read model-building tensors are TF303's. Two calls run TensorFlow ops though the
        module names them: a function decorated with `tf.custom_gradient` (its wrapper
        converts the arguments, whatever the body does) and a Keras metric object
        (`keras.metrics.Mean()(hidden)`: its update runs TF ops), refused the same way.
        With tf-keras (Keras 2: the module imports `tf_keras`, sets `TF_USE_LEGACY_KERAS`, or
        the project says `keras-version = 2`) a TF op on a Keras tensor becomes a `TFOpLambda`
        layer, except the APIs that register no dispatcher or return an Operation:
        `tf.map_fn`, `tf.while_loop`, `tf.vectorized_map`, `tf.switch_case`, `tf.constant`,
        `tf.Variable`, `tf.debugging.Assert`, `tf.print` raise TypeError there too (TF 2.21),
        and are reported under Keras 2 as well.

        Its category is graph-incompatible, not keras3, though it fires only from TensorFlow
        2.16 on: like TF891 (a Python `if` on a Keras tensor), it reports a symbolic value
        handed to code that needs a real one, which is what a user writing new Keras 3 code
        meets every day, long after a migration is over.
    """

    def visit_Call(self, node: cst.Call) -> None:
        if not may_hold_keras_tensors(self.model):  # most TensorFlow code: asked once
            return
        if self.context.in_traced_code:
            # a loss or metric Keras traces that reads model-building tensors: TF303's claim
            return
        qualified = self.model.call_name(node)
        keras2 = uses_tf_keras(self.model)
        if keras2 and qualified not in _TF_KERAS_REFUSES:
            return
        if not qualified:
            self._check_wrapper_call(node)
            return
        name = keras3_name(qualified)
        if name is not None:
            leaf = name.path.rsplit(".", 1)[-1]
            if not (
                name.path.startswith("backend.")
                and leaf in table().backend["keras_tensor"]
                and not name.package
            ):
                return
            backend = True
        elif qualified.startswith("tensorflow.") and not qualified.startswith(
            "tensorflow.python.keras"
        ):
            backend = False
        else:
            return
        scope = self.context.scope
        tensors = [arg for arg in _call_args(node) if keras_tensor(self.model, scope, arg)]
        if not tensors or id(node) in assertion_fed_shapes(self.model):
            return  # `tf.shape(x)` read only by assertions: TF877 reports the assertion
        what = f"`{code(node.func)}`"
        if backend:
            what += " (Keras 3's backend runs TensorFlow ops)"
        if keras2:
            self.report(
                node,
                f"{what} on a Keras tensor raises TypeError with tf-keras too (Keras 2 cannot "
                "wrap it in a layer); call it inside a layer's `call` or a `Lambda`",
                because=[keras_tensor_step(self.model, scope, tensors[0])],
            )
            return
        self.report(
            node,
            f"{what} on a Keras tensor raises ValueError in Keras 3 (KerasTensor cannot be "
            "used as input to a TensorFlow function); use `keras.ops`, a layer or a `Lambda`",
            because=[keras_tensor_step(self.model, scope, tensors[0])],
        )

    def _check_wrapper_call(self, node: cst.Call) -> None:
        """A call that runs TensorFlow ops on its arguments though its name is the user's: a
        function decorated with ``tf.custom_gradient`` (TF's wrapper converts the arguments),
        or a Keras 3 metric object (``update_state`` runs TF ops on them)."""
        model, scope = self.model, self.context.scope
        tensors = [arg for arg in _call_args(node) if keras_tensor(model, scope, arg)]
        if not tensors:
            return
        callee = model.callee(node, scope)
        if callee is not None and custom_gradient_function(model, callee):
            what = f"`{code(node.func)}` (a `tf.custom_gradient` function: TensorFlow's wrapper)"
            where: tuple[str, cst.CSTNode] = (
                f"`{callee.qualname}` is decorated with `tf.custom_gradient`",
                callee.node,
            )
        else:
            found = model.kind_of(node.func, scope)
            if found is None or found.kind != "metric" or found.keras != 3:
                return
            what = f"`{code(node.func)}` (a Keras metric object: its update runs TensorFlow ops)"
            where = (f"`{code(node.func)}` is a Keras metric: {found.why}", node.func)
        self.report(
            node,
            f"{what} on a Keras tensor raises ValueError in Keras 3 (KerasTensor cannot be "
            "used as input to a TensorFlow function); use `keras.ops`, a layer or a `Lambda`",
            because=[where, keras_tensor_step(model, scope, tensors[0])],
        )


# --- TF016: the Keras tensor API of Keras 2 ------------------------------------------------------


class KerasTensorApi(Keras3Rule):
    id = "TF016"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "keras2-tensor-api"
    severity = "error"
    message = "Keras 3 tensors and build shapes lost the TensorShape/DType API"
    rationale = """
        A Keras 2 Keras tensor was a `tf.Tensor`-like object: `x.shape.as_list()`,
        `x.shape.rank`, `x.dtype.is_floating`, `x.get_shape()`, `x.type_spec`,
        `x._keras_history.layer`, and `build(self, input_shape)` received a `TensorShape`.
        In Keras 3 the shape is a plain tuple, the dtype a string, and the tensor a
        `KerasTensor` without those members (`AttributeError: 'tuple' object has no attribute
        'as_list'`); a layer's private lists (`self._trainable_weights`) are gone too. The
        members are generated by probing a Keras tensor, its shape and dtype, and a built layer
        under both versions. Use `tuple(x.shape)`/`len(x.shape)`, `keras.backend.is_float_dtype`,
        `self.add_weight`, or `tf.TensorShape(input_shape)` in `build`. Evidence required: the
        receiver is a Keras tensor by the code of this module, `build`'s own `input_shape`
        parameter, or `self` in a Keras layer subclass that does not define the attribute.
    """

    def visit_Attribute(self, node: cst.Attribute) -> None:
        member = node.attr.value
        if member not in table().keras_tensor_members:  # most attributes: at once
            return
        if uses_tf_keras(self.model) or self.model.is_target(node):
            return
        receiver, scope = node.value, self.context.scope
        api = table().keras_tensor
        found = None
        because: list[tuple[str, cst.CSTNode]] = []
        if isinstance(receiver, cst.Attribute) and receiver.attr.value in ("shape", "dtype"):
            kind = receiver.attr.value
            if member in api[kind] and keras_tensor(self.model, scope, receiver.value):
                found = f"a Keras 3 tensor's `.{kind}` is a {_KIND_TYPE[kind]}"
                because = [keras_tensor_step(self.model, scope, receiver.value)]
        elif isinstance(receiver, cst.Attribute) and receiver.attr.value == "_keras_history":
            if member in api["history"] and keras_tensor(self.model, scope, receiver.value):
                found = "Keras 3's `_keras_history` holds `operation`, not `layer`"
                because = [keras_tensor_step(self.model, scope, receiver.value)]
        elif member in api["shape"] and build_input_shape(self.model, scope, receiver):
            found = "Keras 3 passes `build()` a tuple, not a TensorShape"
            fn = scope.function if scope is not None else None
            because = [
                (
                    f"`{code(receiver)}` holds the shape `build()` receives",
                    fn.node if fn else receiver,
                )
            ]
        elif member in api["tensor"] and keras_tensor(self.model, scope, receiver):
            found = "a Keras 3 KerasTensor has no such member"
            because = [keras_tensor_step(self.model, scope, receiver)]
        elif member in api["layer_private"]:
            layer = keras_layer_self(self.model, scope, receiver)
            if layer is not None and not defines(self.model, layer.subclass, member):
                found = "Keras 3 layers do not have this Keras 2 internal"
        if found is not None:
            self.report(
                node,
                f"`{code(node)}` raises AttributeError: {found}",
                because=because,
                receiver=None if because else receiver,
                named=node if because else None,
            )


_KIND_TYPE = {"shape": "tuple", "dtype": "string"}


# --- TF017: backend functions on Keras 3 variables -----------------------------------------------


class BackendOnKerasVariable(Keras3Rule):
    id = "TF017"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "backend-on-keras3-variable"
    severity = "error"
    message = "this `tf.keras.backend` function fails on Keras 3 variables"
    rationale = """
        Keras 3 still exports `tf.keras.backend.set_value`, `batch_set_value`, `get_value`'s
        batch form and a few more, but they are Keras 2 code that reads `x.dtype.name`: on a
        Keras 3 variable (a layer's weights, `optimizer.learning_rate`) they raise
        `AttributeError: 'str' object has no attribute 'name'`. The functions are generated by
        calling each backend function with a variable under both versions. Assign instead:
        `optimizer.learning_rate.assign(v)`, `layer.kernel.assign(value)`. Evidence required:
        the argument is an attribute of a Keras object by the code of this module
        (`model.optimizer.lr`, `self.model.optimizer.learning_rate` in a callback, a layer's
        `kernel`) or an element of its `weights`.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: `x.assign(v)` is what `set_value` did in Keras 2, and works in both versions;"
        " `.lr` becomes `.learning_rate`, the name both versions have."
    )

    def visit_Call(self, node: cst.Call) -> None:
        name = keras3_name(self.model.call_name(node))
        if name is None or not name.path.startswith("backend.") or uses_tf_keras(self.model):
            return
        leaf = name.path.rsplit(".", 1)[-1]
        if leaf not in table().backend["variable"] or not node.args:
            return
        first = node.args[0].value
        scope = self.context.scope
        if leaf == "batch_set_value" and isinstance(first, (cst.List, cst.Tuple)):
            targets = [
                e.value.elements[0].value
                for e in first.elements
                if isinstance(e.value, cst.Tuple) and e.value.elements
            ]
        else:
            targets = [first]
        if not any(keras_variable(self.model, scope, t) for t in targets):
            return
        replacement = None
        if leaf == "set_value" and len(node.args) == 2 and node.args[0].keyword is None:
            target = first
            if isinstance(target, cst.Attribute) and target.attr.value == "lr":
                target = target.with_changes(attr=cst.Name("learning_rate"))
            replacement = cst.Call(
                func=cst.Attribute(value=target, attr=cst.Name("assign")),
                args=[node.args[1].with_changes(comma=cst.MaybeSentinel.DEFAULT)],
            )
        self.report(
            node,
            f"`{code(node.func)}` on a Keras 3 variable raises AttributeError; "
            + ("use `.assign()`" if leaf.endswith("set_value") else "read it with `.numpy()`"),
            replacement=replacement,
            fix_description="assign to the variable",
            because=[
                (
                    f"`{code(t)}` is a Keras 3 variable (an attribute of a Keras object, or "
                    "an element of its `weights`)",
                    t,
                )
                for t in targets[:1]
            ],
            receiver=targets[0].value if isinstance(targets[0], cst.Attribute) else None,
        )


def _string(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _subscript_key(node: cst.Subscript) -> cst.BaseExpression | None:
    if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        return node.slice[0].slice.value
    return None


def _rename_string(node: cst.SimpleString, new: str) -> cst.SimpleString:
    quote = node.quote
    return node.with_changes(value=f"{node.prefix}{quote}{new}{quote}")


# --- TF018: behaviour Keras 3 changed, where the code depends on the old one ---------------------

# Keys Keras 3 renamed in what `fit` logs and in `get_config()`: the Keras 2 key, the new one.
_RENAMED_KEYS = {"lr": "learning_rate", "batch_input_shape": "batch_shape"}


class KerasChangedBehaviour(Keras3Rule):
    id = "TF018"
    name = "keras3-changed-behaviour"
    severity = "warning"
    message = "this code depends on a Keras 2 behaviour that Keras 3 changed"
    rationale = """
        Some Keras 3 changes leave no API trace: the learning rate is logged in `fit`'s
        history as `learning_rate`, not `lr`; `get_config()` says `batch_shape`, not
        `batch_input_shape`, and a layer's `dtype` is a policy dict, not a string; variables
        are named `kernel`, not `dense/kernel:0`, and Keras tensors `keras_tensor_3`, not
        after their layer; `metrics_names` lists `compile_metrics` for every compiled metric;
        `hard_sigmoid` is `relu6(x + 3) / 6` (it was `0.2 * x + 0.5`); a plain `tf.Variable`
        assigned to a layer is no longer tracked (not trained, not saved). Each is reported
        only with evidence that the code depends on it: the old key read from a `history` or
        a config, a variable's or Keras tensor's name parsed for `/` or `:0`, the dtype
        compared to a string, `metrics_names` of a Keras model, `hard_sigmoid` named, a
        `tf.Variable` assigned to `self` in a Keras layer (one no optimizer trains,
        `trainable=False` or an integer dtype, is read alike in both versions: reported only
        where the module saves, loads or lists weights). The key renames have an unsafe fix
        (the code then needs Keras 3).
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: the new key is what Keras 3 writes; under Keras 2 it is missing. Safe for a "
        "`history` key where the module builds the Keras callbacks that write it "
        "(`ReduceLROnPlateau`, `LearningRateScheduler`: `lr` in Keras 2, `learning_rate` in "
        "Keras 3, generated from both sources) and nothing else in the module spells the old "
        "key: the new key then holds the values the old one did. `hard_sigmoid` becomes "
        "Keras 2's own body, `tf.clip_by_value(x * 0.2 + 0.5, 0.0, 1.0)` (the same ops on "
        "the same tensor; a lambda where a layer took the name), safe unless the module saves "
        "or copies a model by its config (a lambda activation is stored as code and reloads "
        "only with `safe_mode=False`). `m.metrics_names` becomes "
        "`list(m.get_metrics_result())`, safe where `m` is a `Sequential` (one output) "
        "compiled with a list of metrics or none and read after a `fit`/`evaluate` in the "
        "same scope: the same names, in `evaluate`'s order, in both versions."
    )

    def visit_Subscript(self, node: cst.Subscript) -> None:
        key = _subscript_key(node)
        text = _string(key)
        if text not in _RENAMED_KEYS or uses_tf_keras(self.model):
            return
        if text == "lr" and not (
            isinstance(node.value, cst.Attribute) and node.value.attr.value == "history"
        ):
            return
        new = _RENAMED_KEYS[text]
        writers = _log_key_writers(self.model, text) if text == "lr" else None
        because = []
        if writers:
            new = table().renamed_log_keys[writers[0][0]][text]
            because = [
                (
                    f"`{code(call.func)}` writes {text!r} into the logs in Keras 2 and {new!r} "
                    "in Keras 3 (the same value); nothing else in the module writes "
                    f"{text!r}",
                    call,
                )
                for _, call in writers
            ]
        self.report(
            key,
            f"Keras 3 writes {new!r}, not {text!r} (KeyError)",
            replacement=_rename_string(key, new),
            fix_description=f"read {new!r}",
            applicability="safe" if writers else None,
            because=because,
        )

    def visit_Comparison(self, node: cst.Comparison) -> None:
        left = node.left
        if not isinstance(left, cst.Subscript) or _string(_subscript_key(left)) != "dtype":
            return
        if not any(_string(c.comparator) is not None for c in node.comparisons):
            return
        if not self._config(left.value) or uses_tf_keras(self.model):
            return
        self.report(node, "a Keras 3 config's `dtype` is a dtype-policy dict, not a string")

    def _config(self, expr: cst.BaseExpression) -> bool:
        """A layer config: ``<x>.get_config()`` (or a name bound to one), ``config[...]``."""
        if isinstance(expr, cst.Call):
            return isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get_config"
        if isinstance(expr, cst.Name):
            values = self.model.binding_of(expr, self.context.scope).values
            return "config" in expr.value or any(self._config(v) for v in values)
        if isinstance(expr, cst.Subscript):
            return self._config(expr.value)
        return False

    def visit_Call(self, node: cst.Call) -> None:
        if uses_tf_keras(self.model):
            return
        func = node.func
        scope = self.context.scope
        name = keras3_name(self.model.call_name(node))
        if name is not None and name.path.endswith("activations.hard_sigmoid"):
            tf = self.model.alias_of("tensorflow", scope)
            given = node.args[0].value if len(node.args) == 1 and not node.args[0].star else None
            if given is None or tf is None:
                self.report(node, _HARD_SIGMOID)
            else:  # Keras 2's own body, on the same tensor
                operand = code(given)
                # an expression that binds tighter than `*` is written as it is in `x * 0.2`
                atoms = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)
                if not isinstance(given, atoms):
                    operand = f"({operand})"
                self.report(
                    node,
                    _HARD_SIGMOID,
                    replacement=cst.parse_expression(
                        f"{tf}.clip_by_value({operand} * 0.2 + 0.5, 0.0, 1.0)"
                    ),
                    fix_description="compute Keras 2's `clip(0.2 * x + 0.5, 0, 1)`",
                    applicability="safe",
                )
            return
        if name is not None and name.path.startswith("layers."):
            for arg in node.args:
                if _string(arg.value) != "hard_sigmoid":
                    continue
                tf = self.model.alias_of("tensorflow", scope)
                if tf is None or tf == "x":
                    self.report(arg.value, _HARD_SIGMOID)
                    continue
                saved = _serialises_models(self.model)
                self.report(
                    arg.value,
                    _HARD_SIGMOID,
                    replacement=cst.parse_expression(
                        f"lambda x: {tf}.clip_by_value(x * 0.2 + 0.5, 0.0, 1.0)"
                    ),
                    fix_description="pass Keras 2's `hard_sigmoid`, `clip(0.2 * x + 0.5, 0, 1)`",
                    applicability="unsafe" if saved else "safe",
                    because=[
                        (
                            f"`{code(saved.func)}` serialises the model: a lambda activation "
                            "is stored as code, not by name (loading it needs "
                            "`safe_mode=False`), so the fix is unsafe here",
                            saved,
                        )
                    ]
                    if saved
                    else [],
                )
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in _NAME_PARSERS
            and isinstance(func.value, cst.Attribute)
            and func.value.attr.value == "name"
            and any(
                (text := _string(a.value)) is not None and ("/" in text or ":" in text)
                for a in node.args
            )
        ):
            owner = func.value.value
            if keras_variable(self.model, scope, owner) or keras_tensor(self.model, scope, owner):
                self.report(
                    node,
                    f"`{code(func.value)}` has no `/` scope or `:0` suffix in Keras 3 "
                    "(`kernel`, `keras_tensor_3`); use `.path` for a variable",
                )

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value != "metrics_names" or uses_tf_keras(self.model):
            return
        owner = keras_object(self.model, self.context.scope, node.value)
        if owner is not None and table().is_a(owner.cls, "Model"):
            trained = _trained_single_output(self.model, node, owner)
            self.report(
                node,
                "Keras 3 `metrics_names` is `['loss', 'compile_metrics']` for compiled "
                "metrics; use `evaluate(..., return_dict=True)`",
                **(
                    {
                        "replacement": cst.parse_expression(
                            f"list({code(node.value)}.get_metrics_result())"
                        ),
                        "fix_description": "list the names `get_metrics_result()` keys",
                        "applicability": "safe",
                        "because": [
                            (
                                f"`{code(trained.func)}` ran before, and the model has one "
                                "output and a list of compiled metrics: Keras 2's names are "
                                "the keys of `get_metrics_result()` in both versions",
                                trained,
                            )
                        ],
                    }
                    if trained is not None
                    else {}
                ),
            )

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if not isinstance(value, cst.Call) or self.model.call_name(value) != "tensorflow.Variable":
            return
        scope = self.context.scope
        for target in node.targets:
            t = target.target
            if isinstance(t, cst.Attribute) and keras_layer_self(self.model, scope, t.value):
                if uses_tf_keras(self.model):
                    return
                if not _never_trained(self.model, value):
                    self.report(
                        value,
                        "Keras 3 layers do not track a plain `tf.Variable`: it is not trained "
                        "or saved; use `self.add_weight(...)`",
                    )
                elif _reads_or_saves_weights(self.model):
                    self.report(
                        value,
                        "Keras 3 layers do not track a plain `tf.Variable`: it is not in the "
                        "layer's weights, so not saved or loaded with them; use "
                        "`self.add_weight(..., trainable=False)`",
                    )
                return


# A plain `tf.Variable` on a Keras 3 layer is read in `call` (and in the traced train step) like
# any captured variable, so one no optimizer would train computes the same in both versions: it
# differs only in being left out of the layer's weights (checked under Keras 3.15 / tf-keras 2.21).
_INTEGER_DTYPES = frozenset(
    {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"}
)
_WEIGHT_USES = frozenset(
    {
        "save",
        "save_weights",
        "load_weights",
        "get_weights",
        "set_weights",
        "weights",
        "variables",
        "non_trainable_weights",
        "non_trainable_variables",
        "ModelCheckpoint",
        "Checkpoint",
    }
)


def _never_trained(model: ModuleModel, call: cst.Call) -> bool:
    """``tf.Variable(...)`` that no optimizer trains in either version: ``trainable=False``, an
    integer or boolean dtype (no gradient), or an int or bool literal initial value without a
    dtype (the variable is then int32 or bool)."""
    trainable = keyword_arg(call, "trainable")
    if trainable is not None:
        return isinstance(trainable.value, cst.Name) and trainable.value.value == "False"
    dtype = keyword_arg(call, "dtype")
    if dtype is not None:
        text = _string(dtype.value)
        if text is None and isinstance(dtype.value, cst.Attribute):
            if model.qualified_name(dtype.value) is None:
                return False
            text = dtype.value.attr.value
        return text in _INTEGER_DTYPES
    first = call.args[0].value if call.args and call.args[0].keyword is None else None
    if first is None:
        initial = keyword_arg(call, "initial_value")
        first = initial.value if initial is not None else None
    if isinstance(first, cst.UnaryOperation):
        first = first.expression
    return isinstance(first, cst.Integer) or (
        isinstance(first, cst.Name) and first.value in ("True", "False")
    )


def _reads_or_saves_weights(model: ModuleModel) -> bool:
    """The module saves, loads or lists Keras weights somewhere (where a variable left out of a
    layer's weights shows)."""
    return any(node.attr.value in _WEIGHT_USES for node in model.nodes_of(cst.Attribute)) or any(
        node.value in _WEIGHT_USES for node in model.nodes_of(cst.Name)
    )


def _trained_single_output(
    model: ModuleModel, read: cst.Attribute, owner: KerasObject
) -> cst.Call | None:
    """For ``m.metrics_names``: the ``m.fit(...)`` (``evaluate``, ``train_on_batch``...) that
    runs before it, where ``m`` is a name in the same scope bound once to a ``Sequential`` (one
    output) whose every ``compile`` passes its metrics as a list or none. Keras 2 lists the
    names only once the model has trained or evaluated (``[]`` before; Keras 3 raises), and
    then, for one output, the keys of ``get_metrics_result()`` in both versions (checked for
    string, object and no metrics under tf-keras 2.21 and Keras 3.15)."""
    receiver = read.value
    if not isinstance(receiver, cst.Name) or owner.by_kind:
        return None
    if not table().is_a(owner.cls, "Sequential"):
        return None
    scope = model.scope_of(receiver)
    if len(model.binding_of(receiver, scope).sites) != 1:
        return None
    attributes = model.nodes_of(cst.Attribute)
    order = {id(a): i for i, a in enumerate(attributes)}
    trained = None
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == receiver.value
            and model.scope_of(func.value) is scope
        ):
            continue
        if func.attr.value == "compile":
            metrics = keyword_arg(call, "metrics")
            if any(a.keyword is None for a in call.args[2:]) or (
                metrics is not None and not isinstance(metrics.value, cst.List)
            ):
                return None
        elif (
            func.attr.value in knowledge.step_methods("train", "test")
            and order[id(func)] < order[id(read)]
        ):
            trained = trained or call
    return trained


def _log_key_writers(model: ModuleModel, key: str) -> list[tuple[str, cst.Call]]:
    """The Keras callbacks this module builds that write ``key`` into ``fit``'s logs under
    another name in Keras 3 (generated), when the module spells ``key`` nowhere but in reads
    of a ``history`` (no callback of its own writes it); else none."""
    reads = {
        id(_subscript_key(node))
        for node in model.nodes_of(cst.Subscript)
        if isinstance(node.value, cst.Attribute) and node.value.attr.value == "history"
    }
    for string in model.nodes_of(cst.SimpleString):
        if string.evaluated_value == key and id(string) not in reads:
            return []
    renamed = table().renamed_log_keys
    writers = []
    for call in model.nodes_of(cst.Call):
        name = keras3_name(model.call_name(call))
        if name is not None and key in renamed.get(name.path, {}):
            writers.append((name.path, call))
    return writers


# Calls that store a model's configuration (where an activation is kept by name, a lambda as code).
_SERIALISERS = frozenset(
    {"save", "save_model", "to_json", "to_yaml", "get_config", "clone_model", "ModelCheckpoint"}
)


def _spelled_path(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """A path the code writes out whole: a string, a name bound to strings, or
    ``os.path.join(...)`` ending in one (an f-string or a concatenation may add the suffix)."""
    if isinstance(expr, (cst.SimpleString, cst.Name)):
        return True
    return (
        isinstance(expr, cst.Call)
        and model.call_name(expr) == "os.path.join"
        and bool(expr.args)
        and isinstance(expr.args[-1].value, (cst.SimpleString, cst.Name))
    )


def _serialises_models(model: ModuleModel) -> cst.Call | None:
    """A call in the module that saves or copies a Keras model by its config, if any."""
    for call in model.nodes_of(cst.Call):
        func = call.func
        leaf = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
        if leaf in _SERIALISERS:
            return call
    return None


_NAME_PARSERS = frozenset({"split", "rsplit", "endswith", "startswith", "partition", "replace"})
_HARD_SIGMOID = (
    "Keras 3 `hard_sigmoid` is `relu6(x + 3) / 6`, not Keras 2's `0.2 * x + 0.5`: outputs change"
)


# --- TF019: saving and loading -------------------------------------------------------------------


class KerasSavingChanged(Keras3Rule):
    id = "TF019"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "keras3-saving-changed"
    severity = "error"
    message = "Keras 3 saves and loads this differently"
    rationale = """
        Keras 3 refuses to deserialize a `Lambda` layer's Python lambda from a file unless
        `load_model(..., safe_mode=False)`; `tf.saved_model.save(model, dir)` of a Keras 3
        model writes a SavedModel whose reloaded object is not callable and whose serving
        signature names its outputs `output_0` (use `model.export(dir)`, which writes a
        `serve` endpoint); `load_weights(..., by_name=True)` works only for legacy `.h5`
        files. Evidence required: an `.h5` path loaded in a module that builds a `Lambda`
        layer, a Keras model passed to `tf.saved_model.save`, `by_name=` on `load_weights`
        of a path that is not a legacy `.h5`. `load_model` reads only `.keras` and `.h5`
        files (ValueError "File format not supported" on TF 2.21): a path the code spells out
        without that suffix (a string, a name every assignment of which is one, or
        `os.path.join(...)` ending in one, positional or `filepath=`) is a Keras 2 SavedModel
        folder, which `tf.saved_model.load` or `keras.layers.TFSMLayer` reads.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: `safe_mode=False` runs the code stored in the file; trust the file. Dropping "
        "`.expect_partial()` after `load_weights` is safe where the statement throws the status "
        "away (it only silenced warnings about checkpoint values the model did not take), "
        "unsafe where the status is used."
    )

    def visit_Call(self, node: cst.Call) -> None:
        if uses_tf_keras(self.model):
            return
        qualified = self.model.call_name(node)
        name = keras3_name(qualified)
        scope = self.context.scope
        positional = [a.value for a in node.args if a.keyword is None]
        if name is not None and name.path in ("models.load_model", "saving.load_model"):
            if not positional and (given := keyword_arg(node, "filepath")) is not None:
                positional = [given.value]
            path = literal_tail(self.model, positional[0] if positional else None, scope)
            if (
                path is not None
                and not path.endswith((".keras", ".h5", ".hdf5"))
                and not path.startswith("hf://")
                and not path.endswith(("/", "\\"))
                and _spelled_path(self.model, positional[0])
            ):
                self.report(
                    node,
                    f"Keras 3 `load_model` reads only `.keras` and `.h5` files: {path!r}, a "
                    "SavedModel folder in Keras 2, raises ValueError; reload it with "
                    "`tf.saved_model.load` or `keras.layers.TFSMLayer`",
                    because=[(f"the path {path!r} has no `.keras`/`.h5` suffix", positional[0])],
                )
                return
            if (
                path is not None
                and path.endswith((".h5", ".hdf5"))
                and keyword_arg(node, "safe_mode") is None
                and (lambda_layer := self._builds_lambda()) is not None
            ):
                args = [*node.args]
                args[-1] = args[-1].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                )
                args.append(cst.Arg(keyword=cst.Name("safe_mode"), value=cst.Name("False")))
                self.report(
                    node,
                    "Keras 3 will not load the `Lambda` layer of this `.h5` without "
                    "`safe_mode=False` (ValueError)",
                    replacement=node.with_changes(args=args),
                    fix_description="pass `safe_mode=False`",
                    because=[
                        (
                            f"the module builds a Keras `Lambda` layer (`{code(lambda_layer.func)}`"
                            "): a model with it saved to `.h5` stores its Python function",
                            lambda_layer,
                        ),
                        (f"the file loaded is {path!r}, a legacy `.h5`", positional[0]),
                    ],
                )
            return
        if qualified == "tensorflow.saved_model.save" and positional:
            owner = keras_object(self.model, scope, positional[0])
            if owner is not None and table().is_a(owner.cls, "Model"):
                self.report(
                    node,
                    "a Keras 3 model saved with `tf.saved_model.save` reloads as an object "
                    "that is not callable, with `output_0` signature keys; use `model.export()`",
                    receiver=positional[0],
                )
            return
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _LOAD_STATUS_METHODS:
            self._load_status(node, func)
            return
        by_name = keyword_arg(node, "by_name")
        if isinstance(func, cst.Attribute) and func.attr.value == "load_weights" and by_name:
            path = literal_tail(self.model, positional[0] if positional else None)
            legacy = (
                path is not None
                and path.endswith((".h5", ".hdf5"))
                and not path.endswith(".weights.h5")
            )
            owner = keras_object(self.model, scope, func.value)
            if not legacy and owner is not None and table().is_a(owner.cls, "Model"):
                self.report(
                    by_name,
                    "Keras 3 takes `by_name=` only for legacy `.h5` files",
                    named=func,
                    receiver=func.value,
                )

    def _load_status(self, node: cst.Call, func: cst.Attribute) -> None:
        """``model.load_weights(path).expect_partial()``: Keras 2 returned the TF checkpoint's
        load status, Keras 3 returns None (AttributeError)."""
        loaded = func.value
        if not (
            isinstance(loaded, cst.Call)
            and isinstance(loaded.func, cst.Attribute)
            and loaded.func.attr.value == "load_weights"
        ):
            return
        owner = keras_object(self.model, self.context.scope, loaded.func.value)
        if owner is None or not table().is_a(owner.cls, "Model"):
            return
        method = func.attr.value
        message = (
            f"Keras 3 `load_weights` returns None: `.{method}()` raises AttributeError "
            "(Keras 2 returned the TF checkpoint's load status)"
        )
        if method != "expect_partial" or node.args:
            self.report(node, message, receiver=loaded.func.value, named=loaded.func)
            return
        self.report(
            node,
            message,
            replacement=loaded,
            fix_description="drop `.expect_partial()` (it only silenced warnings)",
            # safe where the status is thrown away: `expect_partial()` only silenced the
            # warnings about values the checkpoint held and the model did not take
            applicability="safe" if id(node) in self._statements else "unsafe",
            receiver=loaded.func.value,
            named=loaded.func,
        )

    _statements: frozenset[int] = frozenset()

    def visit_Expr(self, node: cst.Expr) -> None:
        """An expression statement: its value is thrown away."""
        self._statements = self._statements | {id(node.value)}

    def _builds_lambda(self) -> cst.Call | None:
        """The first call of the module that builds a Keras ``Lambda`` layer."""
        return next(
            (
                call
                for call in self.model.nodes_of(cst.Call)
                if (found := keras3_name(self.model.call_name(call))) is not None
                and found.path.endswith("layers.Lambda")
            ),
            None,
        )


# Methods of the load status Keras 2's `load_weights` returned for a TF checkpoint.
_LOAD_STATUS_METHODS = frozenset(
    {
        "expect_partial",
        "assert_consumed",
        "assert_existing_objects_matched",
        "assert_nontrivial_match",
    }
)


# --- TF020: values and positions Keras 3 reads differently ---------------------------------------

# Constructor parameters that Keras 2 cast with `int()` and Keras 3 requires to be ints.
_SIZE_KEYWORDS = ("units", "filters")
_FLOAT_FUNCTIONS = frozenset({"numpy.sqrt", "math.sqrt"})
# What Keras 3's ModelCheckpoint takes for a whole model (it refuses `.hdf5`, which `save` takes).
_CHECKPOINT_SUFFIXES = (".keras", ".h5")


class KerasChangedValue(Keras3Rule):
    id = "TF020"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "keras3-changed-value"
    severity = "error"
    message = "Keras 3 refuses, ignores or rebinds this argument"
    rationale = """
        Keras 2 was lenient where Keras 3 is strict, and a few signatures changed order:
        a float `units`/`filters` (`Dense(n / 2)`) was cast with `int()`, now it raises; an int
        `Input(shape=3)` (or `shape=(x.shape[1])`, `(len(v) + 1)`: parentheses make no tuple)
        was a 1-D shape; `/` was allowed in layer names; losses took
        `reduction="auto"`; `compile(metrics="accuracy")` took a bare string;
        `ModelCheckpoint` wrote a SavedModel to a path with no suffix, a whole model to
        `.hdf5`, and weights to any name (Keras 3: `.keras`/`.h5` and `.weights.h5`, the path
        spelled out or assigned to a name); a `LearningRateSchedule`'s `__call__` got the
        step cast to float from TF 2.10's optimizer and gets the int64 `iterations` from Keras
        3's (`0.1 / step`, `tf.math.rsqrt(step)` raise TypeError); `Embedding(
        input_length=...)` built a Sequential model, which Keras 3 leaves unbuilt (the
        keyword is ignored). Positionally, `add_weight("kernel", ...)` passed the name (Keras
        3's first parameter is `shape`), `compile(opt, loss, metrics)` passes Keras 3's
        `loss_weights`, `save(path, overwrite, include_optimizer)` its `zipped`, a
        `MultiHeadAttention` call's fourth argument its `query_mask`, and an RNN cell's
        `get_initial_state(inputs, batch_size, dtype)` takes only `batch_size`; constructors
        and functions whose Keras 3 signature binds a position to another parameter
        (generated `positional_moves`): `Sequential(layers, "net")` passes `trainable`,
        `Input(shape, batch_size, "x")` its `dtype`, and in a subclass `super().__init__(name)`
        of a `Metric` passes `dtype`, `super().__init__(reduction, name)` of a `Loss` its
        `name` first. Fixes that
        keep Keras 2's meaning in both versions are safe (`int(...)`, `(n,)`, keywords).
        Evidence required: the Keras constructor or function by its qualified name, the
        receiver a Keras object by the code of this module, the value spelled out.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: `int(x)` is Keras 2's own cast, `(n,)` its reading of `n`, and a keyword binds "
        "the argument where Keras 2's position did, in both versions; `Embedding("
        "input_length=n)` becomes `input_shape=(n,)`, what Keras 2's constructor made of it "
        "(where the call gives no shape itself); a `ModelCheckpoint` "
        "path renamed as TF004 renames one (the module writes the file and names it only in "
        "Keras save and load calls); "
        '`reduction="sum_over_batch_size"` for Keras 2\'s AUTO, which every Keras 2 code path '
        "treated as SUM_OVER_BATCH_SIZE (`Loss._get_reduction` resolved AUTO to it and refused "
        "both alike in a custom loop under a distribution strategy; `fit` scaled both alike); "
        "a cell's `get_initial_state(inputs=None, batch_size=b, dtype=float32)` becomes "
        "`get_initial_state(batch_size=b)` (with `[0]` for a GRU or SimpleRNN cell, whose one "
        "state Keras 2 returned bare) where the cell is built here without a `dtype` and the "
        "module sets no dtype policy or floatx: Keras 3 makes the zeros in the cell's compute "
        "dtype, then float32 as the call asked."
    )

    def report(self, node: cst.CSTNode, message: str | None = None, **kwargs) -> None:
        """Findings on an argument carry the evidence of the call they are passed to."""
        call = self._call
        if call is not None and "named" not in kwargs and not isinstance(node, cst.Call):
            kwargs["named"] = call.func
            if isinstance(call.func, cst.Attribute):
                kwargs.setdefault("receiver", call.func.value)
            elif isinstance(call.func, cst.Name):
                kwargs.setdefault("receiver", call.func)
        super().report(node, message, **kwargs)

    _call: cst.Call | None = None

    def visit_Call(self, node: cst.Call) -> None:
        if uses_tf_keras(self.model):
            return
        self._call = node
        if isinstance(node.func, cst.Call) and any(
            keras_tensor(self.model, self.context.scope, a.value) for a in node.args
        ):  # `Embedding(...)(x)`: called at once on a Keras tensor (visited before it)
            self._called_on_tensor = {*getattr(self, "_called_on_tensor", ()), id(node.func)}
        name = keras3_name(self.model.call_name(node))
        if name is not None:
            self._constructor(node, name.path)
            return
        func = node.func
        scope = self.context.scope
        if isinstance(func, cst.Attribute):
            if (
                func.attr.value == "__init__"
                and isinstance(func.value, cst.Call)
                and self.model.call_name(func.value) == "builtins.super"
            ):
                self._super_init(node)
                return
            if func.attr.value not in _POSITIONAL_METHODS:  # before looking for evidence
                return
            if own_method(self.model, scope, func.value, func.attr.value):
                return  # the user's own method, not Keras's
            owner = keras_object(self.model, scope, func.value)
            self._method(node, func.attr.value, owner.cls if owner else None)
        elif isinstance(func, cst.Name):
            positional = [a for a in node.args if a.keyword is None]
            if len(positional) < 4:
                return
            owner = keras_object(self.model, scope, func)
            if owner and owner.cls.endswith("MultiHeadAttention"):
                self.report(
                    positional[3],
                    "Keras 3 `MultiHeadAttention`'s fourth parameter is `query_mask`, not "
                    "`attention_mask`",
                    replacement=positional[3].with_changes(
                        keyword=cst.Name("attention_mask"), equal=_equal()
                    ),
                    fix_description="pass it as `attention_mask=`",
                )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        """``__call__(self, step)`` of a ``LearningRateSchedule`` subclass using the step in
        float arithmetic before casting it: Keras 2's OptimizerV2 (TF <= 2.10) passed
        ``cast(iterations, float32)``, Keras 3's optimizer passes its int64 ``iterations``
        (``0.1 / step``, ``rsqrt(step)``: TypeError)."""
        fn = self.model.function_of.get(node)
        if fn is not None and fn.name == "__init__" and fn.cls is not None:
            self._loss_init(node, fn)
            return
        if fn is None or fn.name != "__call__" or fn.cls is None or len(fn.params) < 2:
            return
        if uses_tf_keras(self.model) or not _lr_schedule(self.model, fn.cls):
            return
        step = fn.params[1]
        for use in _raw_step_uses(self.model, node.body, step) or ():
            self.report(
                use,
                f"Keras 3 calls a schedule with the optimizer's int64 `iterations`: `{step}` is "
                f"an integer tensor here (the OptimizerV2 of TF <= 2.10 passed it cast to float); "
                f"cast it first, "
                f"`{step} = tf.cast({step}, tf.float32)`",
                because=[(f"`{fn.cls.name}` is a Keras 3 `LearningRateSchedule`", fn.cls.node)],
            )

    def _loss_init(self, node: cst.FunctionDef, fn: FunctionInfo) -> None:
        """A ``Loss`` subclass whose ``__init__`` defaults ``reduction`` to Keras 2's
        ``Reduction.AUTO``: passed on to Keras 3's ``Loss.__init__``, it raises ValueError."""
        base = keras_subclass(self.model, fn.cls)
        if base is None or not table().is_a(base.cls, "losses.Loss") or uses_tf_keras(self.model):
            return
        for param in (*node.params.params, *node.params.kwonly_params):
            if param.default is not None and self._auto_reduction(param.default):
                self.report(
                    param.default,
                    'Keras 3 losses refuse `reduction="auto"` (ValueError): default to '
                    '`"sum_over_batch_size"`, what AUTO meant outside a distribution strategy',
                    because=[(f"`{fn.cls.name}` subclasses Keras 3 `{base.cls}`", fn.cls.node)],
                    **_sum_over_batch_size(param.default),
                )

    def _auto_reduction(self, value: cst.BaseExpression) -> bool:
        if _string(value) == "auto":
            return True
        found = keras3_name(self.model.qualified_name(value))
        return found is not None and found.path.endswith("losses.Reduction.AUTO")

    def _super_init(self, node: cst.Call) -> None:
        """``super().__init__(self)`` in a Keras subclass: Keras 2's ``Model.__init__(*args,
        **kwargs)`` ignored the positional ``self`` (removing it is the same program); Keras 3's
        takes no positional argument (TypeError). In a layer Keras 2 took it as ``trainable``."""
        fn = self.context.function
        if not node.args or fn is None or fn.name != "__init__" or not fn.params:
            return
        first = node.args[0]
        cls = self.model.enclosing_class(self.context.scope)
        base = keras_subclass(self.model, cls) if cls is not None else None
        if first.keyword is not None or first.star:
            return
        if not (isinstance(first.value, cst.Name) and first.value.value == fn.params[0]):
            if base is not None and cls is not None and self._direct_base(cls, base.cls):
                self._moved_positions(
                    node,
                    base.cls,
                    named=node.func,
                    because=[(f"`{cls.name}` subclasses Keras 3 `{base.cls}`", cls.node)],
                )
            return
        if base is None or not (table().is_a(base.cls, "Model") or _is_layer(base.cls)):
            return
        model = table().is_a(base.cls, "Model")
        self.report(
            first,
            f"Keras 3 `{base.cls.rsplit('.', 1)[-1]}.__init__` takes no positional argument: "
            f"`super().__init__({first.value.value})` raises TypeError",
            replacement=cst.RemoveFromParent(),
            fix_description=f"drop `{first.value.value}` (Keras 2's `Model.__init__` ignored it)"
            if model
            else f"drop `{first.value.value}` (Keras 2 took it as `trainable`)",
            applicability="safe" if model else "unsafe",
            named=node.func,
            because=[(f"`{cls.name}` subclasses Keras 3 `{base.cls}`", cls.node)],
        )

    def _direct_base(self, cls, keras_cls: str) -> bool:
        """Whether the class names ``keras_cls`` among its own bases: a class of the module in
        between has its own ``__init__``, which ``super().__init__(...)`` calls instead."""
        wanted = table().aliases.get(keras_cls, keras_cls)
        for base in cls.node.bases:
            found = keras3_name(self.model.qualified_name(base.value))
            if found is not None and table().aliases.get(found.path, found.path) == wanted:
                return True
        return False

    def _moved_positions(self, node: cst.Call, path: str, **evidence) -> None:
        """A positional argument that Keras 3's signature binds to another parameter than
        Keras 2's did (generated ``positional_moves``): ``Sequential(layers, "net")`` passes
        ``"net"`` as ``trainable``. The fix passes it, and every positional argument after
        it, by its Keras 2 name."""
        entry = table().positional_moves.get(table().aliases.get(path, path))
        if entry is None or any(a.star == "*" for a in node.args):
            return  # `*args` may pass any number; `**kwargs` passes none by position
        positional = [a for a in node.args if a.keyword is None and not a.star]
        names = entry["keras2"]
        first = next((i for i in entry["moved"] if i < len(positional)), None)
        if first is None or len(positional) > len(names):
            return
        leaf = path.rsplit(".", 1)[-1]
        if first >= entry["keras3_positional"]:
            # Keras 3 refuses the call; what Keras 2 made of the value may have been an
            # accident (`Layer.__init__(kwargs)` took the dict as `trainable`): no fix
            self.report(
                positional[first],
                f"Keras 3 `{leaf}` takes no argument {first + 1} by position (TypeError): "
                f"Keras 2 took it as `{names[first]}`",
                **evidence,
            )
            return
        edits = [
            (arg, arg.with_changes(keyword=cst.Name(names[i]), equal=_equal()))
            for i, arg in enumerate(positional)
            if i >= first
        ]
        self.report(
            positional[first],
            f"Keras 3 `{leaf}` binds argument {first + 1} to another parameter: it was Keras "
            f"2's `{names[first]}`",
            edits=edits,
            fix_description=f"pass `{names[first]}=` (and what follows) by keyword",
            **evidence,
        )

    def _constructor(self, node: cst.Call, path: str) -> None:
        leaf = path.rsplit(".", 1)[-1]
        positional = [a for a in node.args if a.keyword is None]
        self._moved_positions(node, path)
        if leaf[:1].isupper():
            self._refused_flags(node, path)
        if path in ("Input", "layers.Input"):
            shape = keyword_arg(node, "shape") or (positional[0] if positional else None)
            if shape is not None and _int_expression(shape.value, self.model):
                value = shape.value.with_changes(lpar=[], rpar=[])
                self.report(
                    shape.value,
                    "Keras 3 `Input(shape=)` takes a tuple, not an int (ValueError)"
                    + ("; `(n)` is an int, `(n,)` a tuple" if shape.value.lpar else ""),
                    replacement=cst.Tuple(elements=[cst.Element(value)]),
                    fix_description="make it a 1-tuple",
                )
            return
        if path.startswith("layers.") and leaf[:1].isupper():
            size = next(
                (keyword_arg(node, k) for k in _SIZE_KEYWORDS if keyword_arg(node, k)), None
            )
            if size is None and positional and leaf in table().size_layers:
                size = positional[0]
            if size is not None and self._float(size.value):
                self.report(
                    size.value,
                    "Keras 3 refuses a float size (Keras 2 cast it with `int()`)",
                    replacement=cst.Call(func=cst.Name("int"), args=[cst.Arg(size.value)]),
                    fix_description="cast with `int()` as Keras 2 did",
                )
            layer_name = (
                _string(keyword_arg(node, "name").value) if keyword_arg(node, "name") else None
            )
            if layer_name is not None and "/" in layer_name:
                self.report(node, "Keras 3 refuses `/` in a layer name (ValueError)")
            length = keyword_arg(node, "input_length")
            # called at once on a Keras tensor, the layer is built from it: nothing is lost
            functional = id(node) in getattr(self, "_called_on_tensor", ())
            if leaf == "Embedding" and length is not None and not functional:
                self.report(
                    length,
                    "Keras 3 ignores `input_length`: the model is not built until it sees "
                    "data; start the model with `keras.Input(shape=(n,))`",
                    **_embedding_input_shape(node, length),
                )
            return
        if path.startswith("losses.") and leaf[:1].isupper():
            reduction = keyword_arg(node, "reduction")
            if reduction is not None and self._auto_reduction(reduction.value):
                self.report(
                    reduction,
                    'Keras 3 losses refuse `reduction="auto"` (ValueError)',
                    **_sum_over_batch_size(reduction),
                )
            return
        if path.endswith("callbacks.ModelCheckpoint"):
            self._checkpoint(node, positional)

    def _refused_flags(self, node: cst.Call, path: str) -> None:
        """A boolean keyword Keras 3 takes only with its default (the generated
        ``refused_values``: ``LossScaleOptimizer(dynamic=False)``)."""
        for arg in node.args:
            value = arg.value
            if arg.keyword is None or not isinstance(value, cst.Name):
                continue
            if value.value not in ("True", "False"):
                continue
            entry = table().refused_value(path, arg.keyword.value, value.value == "True")
            if entry is not None:
                self.report(
                    arg,
                    f"Keras 3 `{path.rsplit('.', 1)[-1]}` refuses `{arg.keyword.value}="
                    f"{value.value}` ({entry['error'].split(':', 1)[0]})",
                )

    def _checkpoint(self, node: cst.Call, positional: list[cst.Arg]) -> None:
        target = keyword_arg(node, "filepath") or (positional[0] if positional else None)
        scope = self.context.scope
        path = literal_tail(self.model, target.value, scope) if target else None
        if path is None:
            return
        weights_only = keyword_arg(node, "save_weights_only")
        if weights_only is not None and isinstance(weights_only.value, cst.Name):
            if weights_only.value.value == "True" and not path.endswith(".weights.h5"):
                self.report(
                    node,
                    f"Keras 3 weights checkpoints must end in `.weights.h5`, not {path!r} "
                    "(ValueError)",
                    **keras_path_fix(self.model, scope, target.value),
                )
            return
        if not path.endswith(_CHECKPOINT_SUFFIXES):
            self.report(
                node,
                f"Keras 3 model checkpoints must end in `.keras` (or `.h5`), not {path!r} "
                "(ValueError)",
                **keras_path_fix(self.model, scope, target.value),
            )

    def _method(self, node: cst.Call, method: str, owner: str | None) -> None:
        positional = [a for a in node.args if a.keyword is None]
        scope = self.context.scope
        if method == "add_weight" and positional and _string(positional[0].value) is not None:
            layer = owner is not None and (_is_layer(owner) or owner.startswith("metrics."))
            if not layer:
                return
            edits = []
            if len(positional) <= 2:
                edits = [
                    (arg, arg.with_changes(keyword=cst.Name(kw), equal=_equal()))
                    for arg, kw in zip(positional, ("name", "shape"), strict=False)
                ]
            self.report(
                positional[0],
                "Keras 3 `add_weight`'s first parameter is `shape`: pass the name as `name=`",
                edits=edits or None,
                fix_description="pass `name=` (and `shape=`) by keyword",
            )
            return
        if owner is None:
            return
        if method == "add_loss" and positional and (_is_layer(owner) or owner.startswith("Model")):
            value = positional[0].value
            if isinstance(value, cst.Lambda) or (
                isinstance(value, cst.Name)
                and any(s.kind == SiteKind.DEF for s in self.model.binding_of(value, scope).sites)
            ):
                self.report(
                    positional[0],
                    "Keras 3 `add_loss` takes a loss tensor, not a callable (ValueError); call "
                    "it in `call()` with the computed loss",
                )
            return
        if method == "compile" and len(positional) >= 3 and table().is_a(owner, "Model"):
            self.report(
                positional[2],
                "Keras 3 `compile`'s third parameter is `loss_weights`: pass `metrics=`",
                replacement=positional[2].with_changes(keyword=cst.Name("metrics"), equal=_equal()),
                fix_description="pass it as `metrics=`",
            )
        elif method == "compile" and table().is_a(owner, "Model"):
            metrics = keyword_arg(node, "metrics")
            if metrics is not None and _string(metrics.value) is not None:
                self.report(
                    metrics,
                    "Keras 3 `compile(metrics=)` takes a list, not a string (ValueError)",
                    replacement=metrics.with_changes(
                        value=cst.List(elements=[cst.Element(metrics.value)])
                    ),
                    fix_description="wrap it in a list",
                )
        elif method == "save" and len(positional) >= 3 and table().is_a(owner, "Model"):
            self.report(
                positional[2],
                "Keras 3 `save`'s third parameter is `zipped`, not `include_optimizer`",
            )
        elif method == "get_initial_state" and _is_layer(owner):
            inputs = keyword_arg(node, "inputs") or keyword_arg(node, "dtype")
            # an input tensor, not a scalar picked from a shape (`tf.shape(x)[0]` is a batch size)
            tensor = (
                positional
                and not isinstance(positional[0].value, cst.Subscript)
                and (
                    self.model.is_tensor(positional[0].value, scope)
                    or self._eager_tensor(positional[0].value)
                )
            )
            if inputs is not None or len(positional) >= 2 or tensor:
                self.report(
                    node,
                    "Keras 3 `get_initial_state` takes only `batch_size` (no `inputs`/`dtype`)",
                    **_initial_state_fix(self.model, scope, node, owner),
                )

    def _eager_tensor(self, value: cst.BaseExpression) -> bool:
        """A name this module binds only to TensorFlow ops that return a tensor (``x =
        tf.ones((2, 5, 4))``), outside traced code too (``is_tensor`` asks about tracing)."""
        if not isinstance(value, cst.Name):
            return False
        values = self.model.bound_values(value, self.context.scope)
        return bool(values) and all(
            isinstance(v, cst.Call) and knowledge.returns(self.model.call_name(v)) == "tensor"
            for v in values
        )

    def _float(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Float):
            return True
        if isinstance(value, cst.BinaryOperation):
            if isinstance(value.operator, cst.Divide):
                return True
            if isinstance(value.operator, cst.Multiply):
                return self._float(value.left) or self._float(value.right)
            return False
        if isinstance(value, cst.Call):
            return self.model.call_name(value) in _FLOAT_FUNCTIONS
        if isinstance(value, cst.Name):
            known = self.model.binding_of(value, self.context.scope).known_values
            return bool(known) and all(isinstance(v, cst.Float) for v in known)
        return False


# Cells whose Keras 2 `get_initial_state` returned the one state tensor bare, where Keras 3
# returns a list of it; an LSTMCell's two states are a list in both (tf-keras 2.21, Keras 3.15).
_BARE_STATE_CELLS = frozenset({"layers.GRUCell", "layers.SimpleRNNCell"})
_FLOAT32 = frozenset({"float32", "tensorflow.float32", "numpy.float32"})
_DTYPE_SETTERS = frozenset({"set_global_policy", "set_floatx", "set_dtype_policy", "Policy"})


def _initial_state_fix(model: ModuleModel, scope: Scope | None, node: cst.Call, owner: str) -> dict:
    """The safe fix of a cell's ``get_initial_state(inputs=None, batch_size=b, dtype=float32)``:
    ``get_initial_state(batch_size=b)`` (``[0]`` for a cell whose Keras 2 state was one bare
    tensor). Keras 3 makes the zeros in the cell's compute dtype, which is float32 where the
    cell is built here without a ``dtype`` and the module sets no dtype policy or floatx; the
    zeros of the same shape and dtype are then the same value."""
    if owner not in _BARE_STATE_CELLS and owner != "layers.LSTMCell":
        return {}
    if any(a.star for a in node.args):
        return {}
    given: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(node.args):
        key = (
            arg.keyword.value
            if arg.keyword is not None
            else ("inputs", "batch_size", "dtype")[index]
            if index < 3
            else None
        )
        if key not in ("inputs", "batch_size", "dtype") or key in given:
            return {}
        given[key] = arg.value
    inputs, batch, dtype = given.get("inputs"), given.get("batch_size"), given.get("dtype")
    if batch is None or dtype is None:
        return {}
    if inputs is not None and not (isinstance(inputs, cst.Name) and inputs.value == "None"):
        return {}
    named = _string(dtype) or model.qualified_name(dtype)
    if named not in _FLOAT32:
        return {}
    receiver = node.func.value if isinstance(node.func, cst.Attribute) else None
    built = model.binding_of(receiver, scope).known_values if isinstance(receiver, cst.Name) else []
    if len(built) != 1 or not isinstance(built[0], cst.Call) or keyword_arg(built[0], "dtype"):
        return {}
    for call in model.nodes_of(cst.Call):
        func = call.func
        leaf = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
        if leaf in _DTYPE_SETTERS:
            return {}
    text = f"{code(receiver)}.get_initial_state(batch_size={code(batch)})"
    if owner in _BARE_STATE_CELLS:
        text += "[0]"
    return {
        "replacement": cst.parse_expression(text),
        "fix_description": "pass only `batch_size` (the state is float32 in both versions)",
        "applicability": "safe",
    }


def _embedding_input_shape(node: cst.Call, length: cst.Arg) -> dict:
    """The safe fix of ``Embedding(input_length=n)``: ``input_shape=(n,)``, which is what Keras
    2's ``Embedding.__init__`` made of it (``kwargs["input_shape"] = (input_length,)`` when no
    input shape was given) and what Keras 3 reads to build a Sequential model; none where the
    call gives a shape itself or passes ``**kwargs``."""
    given = {a.keyword.value for a in node.args if a.keyword is not None}
    if any(a.star for a in node.args) or given & {"input_shape", "batch_input_shape", "input_dim"}:
        return {}
    element = length.value
    if not isinstance(element, (cst.Integer, cst.Name, cst.Attribute)) or (
        isinstance(element, cst.Integer) and not int(element.value, 0)
    ):  # Keras 2 read a falsy length as None
        return {}
    return {
        "replacement": length.with_changes(
            keyword=cst.Name("input_shape"),
            value=cst.Tuple(elements=[cst.Element(element)]),
        ),
        "fix_description": "pass `input_shape=(n,)`, what Keras 2 made of `input_length=n`",
    }


def _sum_over_batch_size(node: cst.Arg | cst.BaseExpression) -> dict:
    """The safe fix of Keras 2's ``AUTO`` reduction (``node``: the keyword argument or the
    default): ``"sum_over_batch_size"``, which Keras 2 treated as AUTO everywhere: its
    ``Loss._get_reduction`` resolved AUTO to it (and refused both alike in a custom loop under
    a distribution strategy), and ``fit``'s loss container scaled both alike."""
    value = cst.SimpleString('"sum_over_batch_size"')
    return {
        "replacement": node.with_changes(value=value) if isinstance(node, cst.Arg) else value,
        "fix_description": 'use `"sum_over_batch_size"`, what Keras 2 resolved AUTO to',
    }


def _lr_schedule(model: ModuleModel, cls: ClassInfo) -> bool:
    """Whether ``cls`` (or a same-module base) subclasses Keras's ``LearningRateSchedule``."""
    for current in module_lineage(model, cls):
        for base in current.base_names:
            if base in model.module_classes:
                continue
            name = keras3_name(base)
            if name is not None and name.path.rsplit(".", 1)[-1] == "LearningRateSchedule":
                return True
    return False


def _raw_step_uses(model: ModuleModel, body: cst.CSTNode, step: str) -> list[cst.CSTNode] | None:
    """The expressions of ``body`` that use the parameter ``step`` as a float: an operand of
    ``/``, ``*``, ``**`` or ``-``/``+`` with anything but an int literal, or an argument of any
    call but ``tf.cast``. None when the body rebinds ``step`` (a cast first, say)."""
    found: list[cst.CSTNode] = []
    rebound = False

    def is_step(expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Name):
            return expr.value == step
        # `step + 1`: still the integer step
        return (
            isinstance(expr, cst.BinaryOperation)
            and isinstance(expr.operator, (cst.Add, cst.Subtract))
            and (
                (is_step(expr.left) and isinstance(expr.right, cst.Integer))
                or (is_step(expr.right) and isinstance(expr.left, cst.Integer))
            )
        )

    def enter(node: cst.CSTNode) -> bool:
        nonlocal rebound
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False  # another scope
        if (
            isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))
            and isinstance(node.target, cst.Name)
            and node.target.value == step
        ):
            rebound = True
        if isinstance(node, cst.BinaryOperation) and not is_step(node):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                if is_step(side) and not isinstance(other, cst.Integer):
                    found.append(node)
                    return False
        if isinstance(node, cst.Call) and any(is_step(a.value) for a in node.args):
            name = model.call_name(node) or ""
            if name.rsplit(".", 1)[-1] not in ("cast", "convert_to_tensor", "identity"):
                found.append(node)
                return False
        return True

    walk(body, enter)
    return None if rebound else found


def _int_expression(value: cst.BaseExpression, model: ModuleModel | None = None) -> bool:
    """An int: a literal, one dimension of a shape (``x.shape[1]``), ``len(...)``, or arithmetic
    of those that stays an int (``28 * 28``, in parentheses or not: ``(n)`` is no tuple)."""
    if isinstance(value, cst.Integer):
        return True
    if isinstance(value, cst.BinaryOperation) and isinstance(
        value.operator, (cst.Multiply, cst.Add, cst.Subtract, cst.FloorDivide)
    ):
        return _int_expression(value.left, model) and _int_expression(value.right, model)
    if (
        isinstance(value, cst.Subscript)
        and isinstance(value.value, cst.Attribute)
        and value.value.attr.value == "shape"
        and len(value.slice) == 1
        and isinstance(value.slice[0].slice, cst.Index)
        and _int_expression(value.slice[0].slice.value)
    ):
        return True
    return (
        isinstance(value, cst.Call)
        and model is not None
        and model.call_name(value) in ("builtins.len", "builtins.int")
    )


# The methods ``_method`` knows a Keras 3 change of positional parameters for.
_POSITIONAL_METHODS = frozenset({"add_weight", "compile", "save", "get_initial_state", "add_loss"})


def _equal() -> cst.AssignEqual:
    """``=`` of a keyword written as PEP 8 writes it (built when a fix needs it: a run answered
    from the cache never loads libcst)."""
    return cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
    )


# --- TF945: integer-label ops on the labels a Keras 3 loss is given ------------------------------


class FloatLabelsToIntegerOp(Keras3Rule):
    id = "TF945"
    category = "api-misuse"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "float-labels-to-integer-op-in-loss"
    severity = "error"
    message = (
        "a Keras 3 loss hands `y_true` to an op that needs integer labels; Keras 3 made them float"
    )
    rationale = """
        Keras 3 converts the labels to the loss's dtype (float32) before a loss sees them: a
        loss function given to `compile` (Keras wraps it in a `Loss`) and a `keras.losses.Loss`
        subclass's `call` get `y_true` as float32 even when the data holds int32 class ids
        (checked under TF 2.21 and Keras 3.15; tf_keras passed them on as int32). An op that
        takes integer labels or indices then refuses them while `fit` traces: `tf.one_hot`,
        `tf.gather`, `tf.nn.sparse_softmax_cross_entropy_with_logits`... (`TypeError: Value
        passed to parameter 'indices' has DataType float32 not in list of allowed values`).
        The ops are the knowledge base's: each op of TF with a labels or indices parameter that
        takes int32 and refuses float32 when called. Cast first: `tf.cast(y_true, tf.int32)`.
        Evidence required: the module's Keras is Keras 3; a function the module passes to a
        Keras model's `compile` as its loss (or one of its losses, or the function a factory of
        the module returns: `loss=weighted(w)`), or the `call` of a Keras
        `Loss` subclass, hands its `y_true` parameter to such a parameter with no cast
        between (itself, indexed, or through TF ops that keep a float dtype: no dtype
        parameter, no integer output).
    """

    def visit_Module(self, node: cst.Module) -> None:
        model = self.model
        if uses_tf_keras(model) or model.keras2_forced:
            return
        for function, why in self._losses():
            self._check(function, why)

    def _losses(self) -> list[tuple[FunctionInfo, tuple[str, cst.CSTNode]]]:
        model = self.model
        found: list[tuple[FunctionInfo, tuple[str, cst.CSTNode]]] = []
        for cls in model.classes.values():
            if cls.keras_kind == "loss" and not cls.keras2 and "call" in cls.methods:
                method = cls.methods["call"]
                found.append(
                    (method, (f"`{cls.name}` is a Keras loss: Keras calls `call`", cls.node))
                )
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "compile"):
                continue
            keyword = keyword_arg(call, "loss")
            given = keyword.value if keyword is not None else None
            if given is None:
                positional = [a.value for a in call.args if a.keyword is None]
                given = positional[1] if len(positional) > 1 else None
            if given is None:
                continue
            scope = model.scope_of(func.value) if isinstance(func.value, cst.Name) else model.scope
            values = (
                [e.value for e in given.elements]
                if isinstance(given, (cst.List, cst.Tuple))
                else [e.value for e in given.elements if isinstance(e, cst.DictElement)]
                if isinstance(given, cst.Dict)
                else [given]
            )
            for value in values:
                function = model.function_referenced(value, scope)
                if function is None and isinstance(value, cst.Call):
                    # `loss=make_loss(3)`: the function a factory of the module returns
                    factory = model.callee(value, scope)
                    returned = model.return_values(factory) if factory is not None else []
                    function = next(
                        (
                            f
                            for f in (model.function_referenced(r, factory) for r in returned)
                            if f is not None
                        ),
                        None,
                    )
                if function is not None and function.cls is None:
                    found.append(
                        (function, (f"`{function.name}` is the loss `compile` is given", call))
                    )
        return found

    def _check(self, function: FunctionInfo, why: tuple[str, cst.CSTNode]) -> None:
        model = self.model
        params = function.params[1:] if function.cls is not None else function.params
        if not params:
            return
        labels = params[0]
        for call in function.calls:
            name = model.call_name(call)
            for parameter, position in knowledge.integer_label_parameters(name).items():
                given = _argument(call, position, parameter)
                if given is None or not self._raw_labels(given, labels, function, 0):
                    continue
                short = code(call.func)
                self.report(
                    given,
                    f"`{short}` takes integer `{parameter}`, but Keras 3 gives the loss "
                    f"`{labels}` as float32 (the loss's dtype), so this fails while `fit` "
                    f"traces; cast it: `tf.cast({labels}, tf.int32)`",
                    named=call,
                    because=[why],
                )
                break

    def _raw_labels(
        self,
        expr: cst.BaseExpression,
        labels: str,
        function: FunctionInfo,
        depth: int,
        resolving: frozenset[int] = frozenset(),
    ) -> bool:
        """Whether ``expr`` is the loss's labels as Keras gave them: the parameter, indexed,
        passed through a TF op that keeps its float dtype, or a name bound only to such
        values (``y_true = tf.squeeze(y_true)`` keeps it the labels)."""
        model = self.model
        if depth > 6:
            return False
        if isinstance(expr, cst.Subscript):
            return self._raw_labels(expr.value, labels, function, depth + 1, resolving)
        if isinstance(expr, cst.Call):
            # an op that keeps its input's float dtype: a TF op with no dtype parameter (a
            # cast has one) whose output is not an integer one (`tf.argmax`, `tf.shape`), on
            # the labels as its input (`tf.squeeze(y_true)`, `tf.reshape(y_true, [-1])`)
            name = model.call_name(expr)
            cut = knowledge.gradient_cut(name)
            first = next((a.value for a in expr.args if a.keyword is None), None)
            return (
                knowledge.returns(name) == "tensor"
                and (name or "").startswith("tensorflow.")
                and knowledge.dtype_parameter(name) is None
                and (cut is None or cut.reason != "integer-output")
                and first is not None
                and self._raw_labels(first, labels, function, depth + 1, resolving)
            )
        if not isinstance(expr, cst.Name):
            return False
        binding = model.binding_of(expr, function)
        if id(binding) in resolving:
            return True  # `y_true = tf.squeeze(y_true)`: judged by its other values
        if expr.value == labels and binding.param_only:
            return True
        sites = binding.sites
        if not sites or binding.scope is not function:
            return False
        inner = resolving | {id(binding)}
        for site in sites:
            if site.kind == SiteKind.PARAM:
                if expr.value != labels:
                    return False
            elif not (
                site.kind == SiteKind.ASSIGN
                and site.value is not None
                and self._raw_labels(site.value, labels, function, depth + 1, inner)
            ):
                return False
        return True


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    return positional[position] if len(positional) > position else None


# --- TF877: an assertion on a Keras tensor while a functional model is built ---------------------

_BATCH_KEYWORDS = ("batch_size", "batch_shape", "batch_input_shape")
_SHAPE_OPS = ("tensorflow.shape",)


class AssertionOnKerasTensor(Rule):
    id = "TF877"
    category = "graph-incompatible"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "assertion-on-keras-tensor"
    severity = "error"
    message = "a TensorFlow assertion on a symbolic Keras tensor while the model is built"
    rationale = """
        While a functional model is built, `keras.Input` and the layers called on it give
        symbolic Keras tensors: they have no values, and their batch size is unknown (None).
        An assertion op (`tf.debugging.assert_equal`, `Assert`, `tf.print`: the knowledge
        base's ops that give an operation, not a tensor) applied to one, or to its batch size,
        cannot run there: Keras 2 (tf_keras) wraps a TensorFlow op on a Keras tensor as a layer,
        which fails for an op that gives no tensor (`TypeError: Could not build a TypeSpec`);
        Keras 3 refuses a Keras tensor in any TensorFlow op (`A KerasTensor cannot be used as
        input to a TensorFlow function`) and `x.shape[0]` is None there (`Attempt to convert a
        value (None)`). All checked under TF 2.21. Check the data before it reaches the model,
        or inside a layer's `call`, where the tensors are real. Evidence required: an
        assertion op's argument is a Keras tensor by the code of this module (see TF015), its
        `tf.shape(...)` or an element of it (compared, or in a list), or its static batch size (`x.shape[0]`,
        `keras.ops.shape(x)[0]`) where no `Input` of the module fixes the batch size; code
        in traced functions, a layer's `call` and a `Lambda` is not reported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if not may_hold_keras_tensors(model) or self.context.in_traced_code:
            return
        qualified = model.call_name(node)
        if not knowledge.keras2_unwrapped_op(qualified):
            return
        scope = self.context.scope
        for arg in node.args:
            if keras_tensor(model, scope, arg.value):
                continue  # the Keras tensor itself: TF015's finding under Keras 3
            why = self._symbolic(arg.value, scope, 0)
            if why is None:
                continue
            what, step = why
            if what == "the batch size of a Keras tensor":
                fails = (
                    "it is None while the model is built, and the assertion cannot convert "
                    "None to a tensor (Keras 2 and 3)"
                )
            else:
                fails = (
                    "Keras 2 cannot wrap an assertion as a layer (it gives an operation, not a "
                    "tensor) and Keras 3 refuses the Keras tensor in `tf.shape`"
                )
            self.report(
                node,
                f"`{code(node.func)}` on {what} while the functional model is built: {fails}; "
                "check the data before the model, or assert inside a layer's `call`",
                because=[step],
            )
            return

    def _symbolic(
        self, expr: cst.BaseExpression, scope: Scope | None, depth: int
    ) -> tuple[str, tuple[str, cst.CSTNode]] | None:
        """What of a Keras tensor ``expr`` is (the tensor, its dynamic shape or an element of
        it, its unknown static batch size), with the evidence; None if none."""
        model = self.model
        if depth > 4:
            return None
        if keras_tensor(model, scope, expr):
            return ("a Keras tensor", keras_tensor_step(model, scope, expr))
        if isinstance(expr, cst.Name):
            values = model.binding_of(expr, scope).known_values
            if values and len(values) == 1:
                return self._symbolic(values[0], scope, depth + 1)
            return None
        parts: list[cst.BaseExpression] = []
        if isinstance(expr, cst.Comparison):  # `tf.debugging.Assert(size > 0, [size])`
            parts = [expr.left, *(c.comparator for c in expr.comparisons)]
        elif isinstance(expr, (cst.List, cst.Tuple)):
            parts = [e.value for e in expr.elements]
        for part in parts:
            found = self._symbolic(part, scope, depth + 1)
            if found is not None:
                return found
        if isinstance(expr, cst.Call):
            name = knowledge.canonical(model.call_name(expr) or "")
            if name in _SHAPE_OPS and expr.args:
                tensor = expr.args[0].value
                if keras_tensor(model, scope, tensor):
                    return (
                        "the shape of a Keras tensor",
                        (
                            f"`{code(expr)}` takes the shape of `{code(tensor)}`, a symbolic "
                            "Keras tensor (Keras 3 refuses it here already)",
                            expr,
                        ),
                    )
            return None
        if not isinstance(expr, cst.Subscript):
            return None
        owner = expr.value
        index = expr.slice[0].slice if len(expr.slice) == 1 else None
        first = (
            isinstance(index, cst.Index)
            and isinstance(index.value, cst.Integer)
            and index.value.value == "0"
        )
        if isinstance(owner, cst.Attribute) and owner.attr.value == "shape":
            tensor = owner.value
            if first and not self._batch_fixed() and keras_tensor(model, scope, tensor):
                return ("the batch size of a Keras tensor", keras_tensor_step(model, scope, tensor))
            return None
        if (
            isinstance(owner, cst.Call)
            and knowledge.canonical(model.call_name(owner) or "") == "keras.ops.shape"
            and owner.args
        ):  # Keras 3's static shape: a tuple whose batch size is None
            tensor = owner.args[0].value
            if first and not self._batch_fixed() and keras_tensor(model, scope, tensor):
                return ("the batch size of a Keras tensor", keras_tensor_step(model, scope, tensor))
            return None
        found = self._symbolic(owner, scope, depth + 1)
        if found is None or found[0] != "the shape of a Keras tensor":
            return None
        return ("an element of the shape of a Keras tensor", found[1])

    def _batch_fixed(self) -> bool:
        """Whether some ``Input`` of the module fixes the batch size."""
        return any(
            a.keyword is not None and a.keyword.value in _BATCH_KEYWORDS
            for call in self.model.nodes_of(cst.Call)
            for a in call.args
        )


def assertion_fed_shapes(model: ModuleModel) -> set[int]:
    """The ``tf.shape(x)`` calls (ids) whose value only assertion ops read, indexed
    (``tf.debugging.assert_equal(tf.shape(inputs)[0], 32)``, or through a name every read of
    which is such an argument): where ``x`` is a Keras tensor, the pitfall is the assertion,
    reported once there (TF877: Keras 2 fails at the assertion, Keras 3 at ``tf.shape``)."""
    return model.memo(assertion_fed_shapes, lambda: _assertion_fed_shapes(model))


def _assertion_fed_shapes(model: ModuleModel) -> set[int]:
    found: set[int] = set()
    assertions = [
        c for c in model.nodes_of(cst.Call) if knowledge.keras2_unwrapped_op(model.call_name(c))
    ]
    asserted: set[int] = set()  # the names read anywhere in an assertion's arguments

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Name):
            asserted.add(id(node))
        return True

    for call in assertions:
        for arg in call.args:
            walk(arg.value, enter)
    for call in assertions:
        for arg in call.args:
            value = arg.value
            if isinstance(value, cst.Comparison):
                value = value.left  # `tf.debugging.Assert(size > 0, ...)`
            shape = _indexed_shape(model, value)
            if shape is not None:
                found.add(id(shape))
                continue
            if not isinstance(value, cst.Name):
                continue
            binding = model.binding_of(value, model.scope_of(value))
            values = binding.known_values
            if not values or len(values) != 1:
                continue
            shape = _indexed_shape(model, values[0])
            if shape is None:
                continue
            reads = [
                r
                for r in model.reads.get(value.value, ())
                if isinstance(r.node, cst.Name)
                and model.binding_of(r.node, model.scope_of(r.node)) is binding
            ]
            if all(id(r.node) in asserted for r in reads):
                found.add(id(shape))
    return found


def _indexed_shape(model: ModuleModel, value: cst.BaseExpression) -> cst.Call | None:
    """The ``tf.shape(...)`` call of ``tf.shape(...)[i]``."""
    if not isinstance(value, cst.Subscript) or not isinstance(value.value, cst.Call):
        return None
    shape = value.value
    if knowledge.canonical(model.call_name(shape) or "") != "tensorflow.shape":
        return None
    return shape


# --- TF026: Keras 3 variables handed to TF APIs that need tf.Variables ---------------------------

# What fails on a Keras 3 variable under TF 2.21 (each called with a layer's weights): the
# moving-average methods read `var.dtype.base_dtype` and `var.ref()`, the TF1 assign functions
# `var.dtype._is_ref_dtype`; a Keras 3 variable's dtype is a string.
_EMA_METHODS = frozenset({"apply", "average"})
_TF1_ASSIGNS = frozenset(
    {
        "tensorflow.compat.v1.assign",
        "tensorflow.compat.v1.assign_add",
        "tensorflow.compat.v1.assign_sub",
    }
)


class KerasVariableToTfVariableApi(Keras3Rule):
    id = "TF026"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "keras-variable-passed-to-tf-variable-api"
    severity = "error"
    message = "a Keras 3 variable is handed to a TensorFlow API that needs a `tf.Variable`"
    rationale = """
        Under Keras 3 (`tf.keras` since TF 2.16) a layer's weights (`layer.trainable_variables`,
        `model.weights`, `layer.kernel`) are Keras variables, not `tf.Variable`s: their `dtype`
        is a string such as `"float32"`. TensorFlow code written for `tf.Variable`s reads
        `dtype.base_dtype` or `ref()` from them: `tf.train.ExponentialMovingAverage.apply`
        fails with `AttributeError: 'str' object has no attribute 'base_dtype'`, its
        `average(var)` with `'Variable' object has no attribute 'ref'`, and
        `tf.compat.v1.assign`/`assign_add`/`assign_sub` with `'str' object has no attribute
        '_is_ref_dtype'` (TF 2.21, Keras 3.15). Keep the averages with Keras: a Keras 3
        optimizer's `use_ema=True` (`ema_momentum=`), or your own variables updated with
        `avg.assign(decay * avg + (1 - decay) * w)`; assign with the variable's own
        `w.assign(value)`. Evidence required: the argument is a Keras 3 object's weights list or
        a weight of it by this module's code, and the receiver of `apply`/`average` a
        `tf.train.ExponentialMovingAverage` the module constructs.
    """

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if uses_tf_keras(model) or not node.args:
            return
        scope = self.context.scope
        name = model.call_name(node)
        func = node.func
        if name in _TF1_ASSIGNS:
            api = f"`{code(func)}`"
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value in _EMA_METHODS
            and _moving_average(model, scope, func.value)
        ):
            api = f"`ExponentialMovingAverage.{func.attr.value}`"
        else:
            return
        first = node.args[0].value
        if not _keras_variables(model, scope, first):
            return
        self.report(
            node,
            f"{api} needs `tf.Variable`s: `{code(first)}` holds Keras 3 variables (their dtype "
            "is a string), so it raises AttributeError; use the optimizer's `use_ema=True` or "
            "the variables' own `assign`",
            because=[
                (f"`{code(first)}` holds Keras 3 variables (a Keras object's weights)", first)
            ],
            receiver=None if name in _TF1_ASSIGNS else func.value,
        )


def _moving_average(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """``expr`` is a ``tf.train.ExponentialMovingAverage`` made here or bound to one."""
    values = [expr] if isinstance(expr, cst.Call) else model.bound_values(expr, scope)
    return any(
        isinstance(v, cst.Call)
        and model.call_name(v) == "tensorflow.train.ExponentialMovingAverage"
        for v in values
    )


def _keras_variables(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """A Keras 3 object's weights list (``layer.trainable_variables``), a list of its weights,
    or one weight (``layer.kernel``, ``model.weights[0]``)."""
    if _variable_list(model, scope, expr):
        return True
    if isinstance(expr, (cst.List, cst.Tuple)) and expr.elements:
        return all(keras_variable(model, scope, e.value) for e in expr.elements)
    return isinstance(expr, (cst.Attribute, cst.Subscript)) and keras_variable(model, scope, expr)


# --- TF027: a Keras random op on a Keras tensor's shape while a functional model is built --------


class KerasRandomOnSymbolicShape(Keras3Rule):
    id = "TF027"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "keras-random-on-symbolic-shape"
    severity = "error"
    message = (
        "a `keras.random` op is given a Keras tensor's shape while a functional model is built"
    )
    rationale = """
        `keras.random.normal(shape=keras.ops.shape(z_mean))` written straight into a
        functional model (the reparameterisation step of a VAE migrated to Keras 3) is not a
        layer: it runs eagerly, right then, and `z_mean` is a symbolic Keras tensor whose
        batch dimension is None, so the shape holds None and the draw fails with
        `ValueError: Attempt to convert a value (None) with an unsupported type (<class
        'NoneType'>) to a Tensor` (TF 2.21, Keras 3.15; `z_mean.shape` the same). Draw inside
        a layer's `call`, where the shape is the batch's: a `Sampling` layer whose `call`
        does `keras.random.normal(ops.shape(z_mean), seed=self.seed_generator)`. Reported
        outside traced code, where the shape is `keras.ops.shape(t)` or `t.shape` of a Keras
        tensor from a `keras.Input` that does not fix the batch size (with `batch_size=` it
        builds, and the draw is one constant: TF607).
    """

    def visit_Call(self, node: cst.Call) -> None:
        model, context = self.model, self.context
        if context.in_traced_code or uses_tf_keras(model):
            return
        name = keras3_name(model.call_name(node))
        if name is None or not name.path.startswith("random."):
            return
        if not name.path.rsplit(".", 1)[-1][:1].islower():
            return  # `SeedGenerator`: the namespace's one class
        given = keyword_arg(node, "shape")
        shape = given.value if given is not None else None
        if shape is None and node.args and node.args[0].keyword is None:
            shape = node.args[0].value
        tensor = _shape_of(model, shape) if shape is not None else None
        if tensor is None:
            return
        source = symbolic_keras_tensor(model, tensor, context.scope)
        if source is None or input_fixes_batch(source):
            return
        self.report(
            node,
            f"`{code(node.func)}` runs once, while the model is built, on the shape of the "
            f"symbolic Keras tensor `{code(tensor)}`, whose batch dimension is None: it raises "
            "ValueError; draw inside a sampling layer's `call`",
            because=[keras_tensor_step(model, context.scope, tensor)],
            named=node.func,
        )


def _shape_of(model: ModuleModel, shape: cst.BaseExpression) -> cst.BaseExpression | None:
    """``t`` of ``keras.ops.shape(t)`` or of ``t.shape``."""
    if isinstance(shape, cst.Attribute) and shape.attr.value == "shape":
        return shape.value
    if isinstance(shape, cst.Call) and shape.args:
        name = keras3_name(model.call_name(shape))
        if name is not None and name.path == "ops.shape":
            return shape.args[0].value
    return None


# --- TF028: a compiled model frozen before its first training (the Keras 2 GAN idiom) ----------


class TrainableFrozenBeforeFirstTraining(Keras3Rule):
    id = "TF028"
    requires_text = ("trainable",)
    name = "trainable-flag-set-before-first-train-step"
    severity = "error"
    message = (
        "a compiled model is frozen (`trainable = False`) before it first trains: Keras 3 "
        "reads the flag then, so it never learns"
    )
    rationale = """
        The Keras 2 GAN recipe compiles the discriminator, sets `discriminator.trainable =
        False` to build and compile the combined model, then trains both with
        `train_on_batch`: Keras 2 (`tf_keras`) read the discriminator's trainable weights at
        its `compile`, so its own training still updated them. Keras 3 (`tf.keras` from
        TF 2.16) makes a model's train function when the model first trains, with the flags
        as they are then: the discriminator's train step has no trainable weights (Keras warns
        "The model does not have any trainable weights") and its weights never change, so the
        generator trains against a fixed, random discriminator (checked under TF 2.21: after
        five steps the discriminator's kernel is unchanged under Keras 3.15 and changed under
        `tf_keras` 2.21). Set `discriminator.trainable = True` before its training call and
        `False` before the combined model's (each model's train function is made at its first
        training), or write the GAN as a `Model` subclass with its own `train_step` that
        applies each optimizer to its own model's `trainable_weights`. Evidence required: the
        model is compiled, then frozen before it has trained (in the same function by
        statement order, or for `self.<attr>` frozen in the constructor after its `compile`
        and trained in another method), and it next trains with no `compile` and no
        `trainable = True` between, nor a call that is handed the model (a helper that may
        set the flag).
    """

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if not (isinstance(value, cst.Name) and value.value == "False"):
            return
        model = self.model
        if uses_tf_keras(model) or self.context.in_traced_code:
            return
        for target in node.targets:
            owner = target.target
            if not (isinstance(owner, cst.Attribute) and owner.attr.value == "trainable"):
                continue
            found = frozen_before_first_training(model, owner, self.context.scope)
            if found is None:
                continue
            receiver = found.receiver
            later = found.later.func.attr.value
            self.report(
                owner,
                f"`{receiver}.trainable = False` after `{receiver}` was compiled and before it "
                f"first trains: Keras 3 makes its train function at `{receiver}.{later}`, with "
                "no trainable weights, so it never learns; set `trainable = True` before "
                f"training `{receiver}` and `False` before training the model built on it",
                receiver=owner.value,
                because=[
                    (f"`{receiver}` is compiled here, before the freeze", found.compile_call),
                    (f"`{receiver}` first trains here, still frozen", found.later),
                ],
            )


# --- TF029: one optimizer instance compiled into two models ------------------------------------


def _keras_optimizer_instance(model: ModuleModel, scope: Scope | None, expr) -> cst.Call | None:
    """The call that made the Keras optimizer ``expr`` names, when ``expr`` is a name bound once,
    to an instance of a Keras optimizer class outside ``optimizers.legacy``."""
    if not isinstance(expr, cst.Name):
        return None
    sites = model.binding_of(expr, scope).sites
    if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
        return None
    made = sites[0].value
    if not isinstance(made, cst.Call):
        return None
    name = keras3_name(model.call_name(made))
    if name is None or not name.path.startswith("optimizers."):
        return None
    leaf = name.path.rsplit(".", 1)[-1]
    if name.path.count(".") != 1 or not leaf[:1].isupper() or leaf == "Optimizer":
        return None  # `optimizers.legacy.Adam`, `optimizers.schedules.*`, the base class
    return made


class OptimizerSharedBetweenModels(Keras3Rule):
    id = "TF029"
    requires_text = ("compile",)
    name = "optimizer-instance-shared-between-models"
    severity = "error"
    message = (
        "one optimizer instance is compiled into two models: it is built for the first one's "
        "variables and refuses the other's"
    )
    rationale = """
        A Keras 3 optimizer (and tf-keras's since TF 2.11) builds its slots for the variables
        it first applies gradients to, and then refuses any other: when two models are
        compiled with one instance (the Keras 2 GAN idiom: `opt = Adam(...)`,
        `discriminator.compile(optimizer=opt)`, `combined.compile(optimizer=opt)`), training
        the second on variables the first did not train raises `ValueError: Unknown variable
        ... This optimizer can only be called for the variables it was originally built with`
        (Keras 3; tf-keras 2.21 raises `KeyError` in the same place; both checked on TF
        2.21). Keras 2's optimizers up to TF 2.10 kept slots per variable and allowed it. Give
        each model its own optimizer instance. Reported at the second `compile` of another
        receiver that passes, as `optimizer=` (or first positional), a name bound once to an
        instance of a Keras optimizer class (not `optimizers.legacy`).
    """

    def visit_Module(self, node: cst.Module) -> None:
        model = self.model
        first: dict[int, tuple[str, cst.Call]] = {}  # id(optimizer call) -> (receiver, compile)
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not isinstance(func, cst.Attribute) or func.attr.value != "compile":
                continue
            given = keyword_arg(call, "optimizer")
            if given is None:
                positional = [a for a in call.args if a.keyword is None and not a.star]
                given = positional[0] if positional else None
            if given is None or not isinstance(given.value, cst.Name):
                continue
            scope = model.scope_of(given.value)
            made = _keras_optimizer_instance(model, scope, given.value)
            if made is None:
                continue
            receiver = code(func.value)
            seen = first.setdefault(id(made), (receiver, call))
            if seen[0] == receiver:
                continue
            name = code(given.value)
            self.report(
                call,
                f"`{name}` is also the optimizer of `{seen[0]}`: a Keras 3 optimizer is built "
                "for the variables of the first model it trains and refuses the other's once "
                "both train (Keras 3: ValueError Unknown variable; tf-keras: KeyError); give "
                f"each model its own `{code(made.func)}(...)`",
                named=made.func,
                because=[
                    (f"`{name}` is made here", made),
                    (f"and compiled into `{seen[0]}` here", seen[1]),
                ],
            )


# --- TF030: a Python value passed positionally to a Keras 3 layer call ---------------------------


def _python_value(model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression) -> bool:
    """A plain Python int, float, str or bool: a literal, an int expression (``len(...)``,
    arithmetic of ints), or a name every binding of which is one."""
    if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(expr, cst.Name):
        if expr.value in ("True", "False"):
            return True
        sites = model.binding_of(expr, scope).sites
        return bool(sites) and all(
            (
                site.kind == SiteKind.ASSIGN
                and site.value is not None
                and not isinstance(site.value, cst.Name)
                and _python_value(model, scope, site.value)
            )
            or (site.kind == SiteKind.UNPACK and _unpacks_a_shape(model, site.node))
            for site in sites
        )
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return _python_value(model, scope, expr.expression)
    return isinstance(expr, (cst.BinaryOperation, cst.Call)) and _int_expression(expr, model)


def _unpacks_a_shape(model: ModuleModel, name: cst.CSTNode) -> bool:
    """``name`` is unpacked from a static shape: ``_, h, w, _ = x.shape`` (or ``x.shape[1:3]``),
    whose dimensions are Python ints (None where unknown)."""
    for assign in model.nodes_of(cst.Assign):
        targets = [t.target for t in assign.targets]
        if not any(
            isinstance(t, (cst.Tuple, cst.List))
            and any(e.value is name for e in t.elements if isinstance(e, cst.Element))
            for t in targets
        ):
            continue
        value = assign.value
        if isinstance(value, cst.Subscript):
            value = value.value
        return isinstance(value, cst.Attribute) and value.attr.value == "shape"
    return False


class NonTensorPositionalLayerArgument(Keras3Rule):
    id = "TF030"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "non-tensor-positional-layer-argument"
    severity = "error"
    message = "Keras 3 layers take only tensors positionally: pass this Python value by keyword"
    rationale = """
        Keras 3's `Layer.__call__` accepts only tensors (or None) as positional arguments: a
        Python int, float, string or bool given positionally after the inputs raises
        `ValueError: Only input tensors may be passed as positional arguments. The following
        argument value should be passed as a keyword argument` (TF 2.21). Keras 2 passed such
        values through to `call`, so layers written for tf.keras are often called as
        `block(x, height, width)`. Pass them by keyword: `block(x, height=height,
        width=width)`. Reported where a layer class of the module (a subclass of a Keras layer,
        which does not set `_allow_non_tensor_positional_args`) is called with a literal, an
        int expression (`len(...)`, arithmetic of ints) or a name bound only to one, after the
        first argument, or a name unpacked from a shape (`_, h, w, _ = x.shape`: Python ints
        where the dimension is known).
    """

    def _holds_keras_classes(self) -> bool:
        """Whether the module defines a Keras class (the rule reports calls of the module's
        own layers only): asked first, as most calls with two positional arguments are not."""
        return self.model.memo(_holds_keras_classes, lambda: _holds_keras_classes(self.model))

    def visit_Call(self, node: cst.Call) -> None:
        positional = [a for a in node.args if a.keyword is None and not a.star]
        if len(positional) < 2 or not self._holds_keras_classes():
            return
        if uses_tf_keras(self.model):
            return
        scope = self.context.scope
        found = keras_object(self.model, scope, node.func)
        if found is None or found.subclass is None or not _is_layer(found.cls):
            return
        if _allows_python_positionals(found.subclass):
            return
        for arg in positional[1:]:
            if _python_value(self.model, scope, arg.value):
                self.report(
                    arg.value,
                    f"`{code(arg.value)}` is a Python value passed positionally to the Keras 3 "
                    f"layer `{code(node.func)}`: Keras 3 accepts only tensors there "
                    "(ValueError); pass it by keyword",
                    receiver=node.func,
                )
                return


def _holds_keras_classes(model) -> bool:
    return any(c.keras_kind is not None for c in model.classes.values())


def _allows_python_positionals(cls: ClassInfo) -> bool:
    """Whether the class body names ``_allow_non_tensor_positional_args`` (Keras 3's opt-out)."""
    return "_allow_non_tensor_positional_args" in cst.Module(body=[]).code_for_node(cls.node)


# --- TF032: an optimizer's `lr` assigned (Keras 3 has no such alias) -----------------------------


class OptimizerLrAssigned(Keras3Rule, StoreRule):
    id = "TF032"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "optimizer-lr-attribute-assigned"
    severity = "error"
    message = (
        "an optimizer's `lr` is assigned: Keras 3 has no `lr` alias, so the learning rate is "
        "unchanged"
    )
    rationale = """
        Keras 2's optimizers kept `lr` as an alias of `learning_rate`: `model.optimizer.lr =
        1e-4` set the learning rate. Keras 3's optimizers have no `lr` (reading it raises
        `AttributeError`, TF011's), and assigning it raises nothing: Python makes a new plain
        attribute `lr` on the object, and the optimizer goes on training with its
        `learning_rate` variable untouched (TF 2.21: `opt.lr = 1e-4` leaves
        `float(opt.learning_rate)` at 1e-3, before and after `fit`). Assign `learning_rate`
        (`opt.learning_rate = 1e-4`, or `opt.learning_rate.assign(1e-4)`), which Keras 2 and
        Keras 3 both honour. Reported where the assigned object is a Keras 3 optimizer by this
        module's code (built by an optimizer class, or `<model>.optimizer`), not in a module
        that uses Keras 2 (`tf_keras`, `TF_USE_LEGACY_KERAS=1`).
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: assigning `learning_rate` sets the optimizer's learning-rate variable in Keras 2 "
        "and Keras 3 alike, which is what Keras 2's `lr` alias did."
    )

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if not isinstance(target, cst.Attribute) or target.attr.value != "lr":
            return
        if uses_tf_keras(self.model):
            return
        found = keras_object(self.model, self.context.scope, target.value)
        if found is None or not table().is_a(found.cls, "optimizers.Optimizer"):
            return
        if found.subclass is not None and "lr" in found.subclass.self_assignments:
            return  # the user's optimizer keeps an `lr` of its own
        self.report(
            target,
            f"`{code(target)}` makes a plain attribute on the Keras 3 optimizer, which has no "
            "`lr` alias: its learning rate is unchanged; assign `learning_rate`",
            replacement=target.with_changes(attr=cst.Name("learning_rate")),
            fix_description="assign `learning_rate`",
            receiver=target.value,
            applicability="safe",
        )


# --- TF033: a layer's weight list assigned (a read-only property) -------------------------------

# A Keras layer's lists of its variables: properties without a setter in Keras 3 and tf-keras.
_READ_ONLY_WEIGHT_LISTS = frozenset(
    {"weights", "trainable_weights", "non_trainable_weights", "variables"}
    | {"trainable_variables", "non_trainable_variables"}
)


class LayerWeightListAssigned(Keras3Rule, StoreRule):
    id = "TF033"
    requires_text = KERAS_EVIDENCE_TEXT
    name = "layer-weight-list-assigned"
    severity = "error"
    message = (
        "a Keras layer assigns its `trainable_weights` (or `weights`): the list is a read-only "
        "property; create the variable with `add_weight`"
    )
    rationale = """
        Keras 1 and the first Keras 2 releases let a custom layer register its variables by
        assigning the list: `self.trainable_weights = [self.W]`. In Keras 3 (and tf.keras
        since TF 2.0) `weights`, `trainable_weights`, `non_trainable_weights`,
        `trainable_variables`, `non_trainable_variables` and `variables` are properties
        without a setter that Keras computes from the variables the layer tracks: the
        assignment raises `AttributeError: property 'trainable_weights' of 'L' object has no
        setter` (Keras 3; tf-keras: `Can't set the attribute "trainable_weights"`), checked
        on TF 2.21. Create the variable with `self.add_weight(...)` (trainable by default, or
        `trainable=False`), or assign a `keras.Variable` to an attribute: the layer tracks it
        by itself. Reported where `self.<list> = ...` is assigned in a method of a class of
        the module that subclasses a Keras layer or model, which does not define that name
        itself.
    """

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if not isinstance(target, cst.Attribute):
            return
        member = target.attr.value
        if member not in _READ_ONLY_WEIGHT_LISTS:
            return
        scope = self.context.scope
        found = keras_layer_self(self.model, scope, target.value)
        if found is None or any(
            _defines_in_class_body(cls, member)
            for cls in module_lineage(self.model, self.model.enclosing_class(scope))
        ):
            return
        self.report(
            target,
            f"`{code(target)}` assigns a read-only property of Keras's `{found.cls}` "
            "(AttributeError): make the variable with `self.add_weight(...)`, which the layer "
            f"lists in `{member}` itself",
            receiver=target.value,
        )


def _defines_in_class_body(cls: ClassInfo, member: str) -> bool:
    """Whether the class body itself binds ``member`` (a property or class attribute of its
    own, which shadows Keras's); ``self.<member> = ...`` in a method does not."""
    if member in cls.methods:
        return True
    for statement in cls.node.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == member:
            return True
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                targets = ()
                if isinstance(small, cst.Assign):
                    targets = [t.target for t in small.targets]
                elif isinstance(small, cst.AnnAssign):
                    targets = [small.target]
                if any(isinstance(t, cst.Name) and t.value == member for t in targets):
                    return True
    return False

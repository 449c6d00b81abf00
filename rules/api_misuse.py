"""TensorFlow APIs used in a way that fails, or silently does something other than intended."""

from __future__ import annotations

import sys

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import (
    TF_FUNCTION_NAMES,
    ClassInfo,
    FunctionInfo,
    ModuleModel,
    Scope,
    SiteKind,
    is_keras,
)
from tf2lint.analysis.order import assigned_before
from tf2lint.analysis.scopes import passed_argument
from tf2lint.analysis.tape import argument, event_order
from tf2lint.analysis.tensors import (
    computed_tensor,
    graph_variable,
    keras_tensor,
    tensor_condition,
    value_operands,
    values_read,
    variable_condition,
)
from tf2lint.analysis.tf1 import is_tf1_code
from tf2lint.analysis.tracing import (
    input_signature,
    is_tf_function_call,
    root_reason,
    tf_function_decorator,
)
from tf2lint.analysis.walk import contains, mentions, walk
from tf2lint.base.data import load_json
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import (
    added_before,
    code,
    constructed_by,
    is_test_path,
    keras_optimizer_class,
    last_layer,
    subclass_last_layer,
    uses_tf_keras,
)


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def _is_true(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


# --- rules -------------------------------------------------------------------------------------


class TapeGradientsTypo(Rule):
    id = "TF901"
    call_names = frozenset({"gradients"})
    name = "tape-gradients-typo"
    category = "api-misuse"
    severity = "error"
    message = "`GradientTape` has no `gradients` method; use `tape.gradient`"
    rationale = """
        `tf.gradients` (TF1, graph only) and `tf.GradientTape.gradient` are easy to mix up:
        `tape.gradients(loss, vars)` raises `AttributeError: 'GradientTape' object has no
        attribute 'gradients'`, at the first training step. Evidence required: the receiver is
        bound by `with tf.GradientTape() as tape:` or `tape = tf.GradientTape()` in the same or
        an enclosing function (or module); other objects named `tape` are not reported.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: `gradient` is the only gradient method of a tape and takes the same arguments."
    )

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "gradients"):
            return
        receiver = func.value
        if not isinstance(receiver, cst.Name) or not constructed_by(
            self.model, self.context.scope, receiver, _is_tape_constructor
        ):
            return
        self.report(
            node,
            f"`{receiver.value}.gradients(...)`: a GradientTape has no `gradients` method; use "
            f"`{receiver.value}.gradient(...)`",
            replacement=node.with_changes(func=func.with_changes(attr=cst.Name("gradient"))),
            fix_description="rename to `gradient`",
        )


def _is_tape_constructor(name: str | None) -> bool:
    return name in ("tensorflow.GradientTape", "tensorflow.autodiff.GradientTape")


class ApplyGradientsUnpaired(Rule):
    id = "TF902"
    call_names = frozenset({"apply_gradients"})
    name = "apply-gradients-unpaired"
    category = "api-misuse"
    severity = "error"
    message = (
        "`apply_gradients` takes (gradient, variable) pairs; zip the gradients with the variables"
    )
    rationale = """
        `optimizer.apply_gradients(grads_and_vars)` takes one iterable of `(gradient, variable)`
        pairs. Passing the gradients and the variables as two arguments fails in Keras 3
        (`takes 2 positional arguments but 3 were given`) and, with TF1/legacy optimizers,
        passes the variable list as `global_step`; passing the bare gradient list fails with
        `Cannot iterate over a scalar tensor` or unpacks tensors as pairs. Write
        `optimizer.apply_gradients(zip(grads, variables))`. Evidence required: the method name
        and a first argument that is not already pairs (`grads_and_vars`), plus either a second
        positional argument that names variables (`model.trainable_variables`, `var_list`,
        `*_weights`...), or a first argument every binding of which is `tape.gradient(...)` /
        `tf.gradients(...)`. Forwarding wrappers (`apply_gradients(grads_and_vars, name)`) are
        not reported.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: `apply_gradients(a, b)` becomes `apply_gradients(zip(a, b))`; that is the usual "
        "intent, but with a TF1 optimizer the second argument may really be `global_step`."
    )

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "apply_gradients"):
            return
        positional = [a for a in node.args if a.keyword is None and not a.star]
        if not positional:
            return
        first = positional[0].value
        if isinstance(first, cst.Call) and self.model.call_name(first) == "builtins.zip":
            return
        scope = self.context.scope
        if _looks_like_pairs(first):
            return
        if len(positional) >= 2:
            second = positional[1].value
            if not (_looks_like_variables(second) or self._is_gradient_list(first, scope)):
                return
            zipped = cst.Call(
                func=cst.Name("zip"),
                args=[
                    positional[0].with_changes(comma=cst.MaybeSentinel.DEFAULT),
                    positional[1].with_changes(comma=cst.MaybeSentinel.DEFAULT),
                ],
            )
            rest = [a for a in node.args if a is not positional[0] and a is not positional[1]]
            args = [cst.Arg(zipped), *rest]
            self.report(
                node,
                "`apply_gradients(grads, variables)`: pass one iterable of pairs, "
                "`apply_gradients(zip(grads, variables))`",
                replacement=node.with_changes(args=_with_commas(args)),
                fix_description="wrap the two arguments in `zip(...)`",
            )
            return
        if self._is_gradient_list(first, scope):
            self.report(
                node,
                "`apply_gradients` gets the bare gradient list; pass `zip(grads, variables)`",
            )

    def _is_gradient_list(self, expr: cst.BaseExpression, scope: Scope) -> bool:
        """Every value bound to ``expr`` is a list of gradients (``tape.gradient(loss, vars)``,
        ``tf.gradients(...)``): no pairs."""
        values = [expr] if isinstance(expr, cst.Call) else self.model.bound_values(expr, scope)
        return bool(values) and all(self._gradient_call(v) for v in values)

    def _gradient_call(self, value: cst.BaseExpression) -> bool:
        if not isinstance(value, cst.Call):
            return False
        name = self.model.call_name(value)
        if name in ("tensorflow.gradients", "tensorflow.compat.v1.gradients"):
            return True
        func = value.func
        return (
            name is None
            and isinstance(func, cst.Attribute)
            and func.attr.value == "gradient"
            and isinstance(func.value, cst.Name)
            and "tape" in func.value.value.lower()
            and len(value.args) >= 2
            and not isinstance(value.args[1].value, (cst.Tuple, cst.Dict))
        )


def _last_name(expr: cst.BaseExpression) -> str:
    if isinstance(expr, cst.Call):
        expr = expr.func
    if isinstance(expr, cst.Attribute):
        return expr.attr.value.lower()
    return expr.value.lower() if isinstance(expr, cst.Name) else ""


def _looks_like_pairs(expr: cst.BaseExpression) -> bool:
    """``grads_and_vars``, ``pairs``: already (gradient, variable) pairs."""
    name = _last_name(expr)
    return "and_var" in name or "pair" in name or name.endswith("_and_vars")


def _looks_like_variables(expr: cst.BaseExpression) -> bool:
    """``model.trainable_variables``, ``variables``, ``var_list``, ``weights``, ``params``."""
    name = _last_name(expr)
    return (
        name in ("trainable_variables", "trainable_weights", "variables", "weights", "params")
        or name.startswith("var")
        or name.endswith(("_vars", "_variables", "_weights", "_params"))
    )


def _with_commas(args: list[cst.Arg]) -> list[cst.Arg]:
    out = []
    for index, arg in enumerate(args):
        last = index == len(args) - 1
        comma = (
            cst.MaybeSentinel.DEFAULT
            if last
            else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
        out.append(arg.with_changes(comma=comma))
    return out


class EagerExecutionLeftOn(Rule):
    id = "TF903"
    call_names = frozenset(
        {
            "run_functions_eagerly",
            "experimental_run_functions_eagerly",
            "enable_debug_mode",
            "compile",
        }
    )
    name = "eager-execution-left-on"
    category = "api-misuse"
    message = "functions forced to run eagerly outside test code: no graph, no speed-up"
    rationale = """
        `tf.config.run_functions_eagerly(True)`, `model.compile(..., run_eagerly=True)` and
        `tf.data.experimental.enable_debug_mode()` are debugging switches: every `tf.function`
        (or every Keras step) then runs op by op in Python, typically several times slower,
        and code that only works eagerly goes unnoticed until the switch is removed. Keep them
        in tests or debug sessions and remove them from library and training code. Files named
        `test_*.py`, `*_test.py`, `conftest.py` or under a `tests/`/`test/` folder are test
        code and are not reported; neither are `run_functions_eagerly(False)`, a non-literal
        argument (`run_eagerly=FLAGS.run_eagerly`), nor a call under an `if` whose condition
        names a debug or eager switch (`if params.runtime.run_eagerly:`). The switch applies to
        `tf.function`s only: tf.data always traces `Dataset.map` functions into a graph, so in a
        module whose only traced code is such functions (no `tf.function`, no Keras `compile`
        or `fit`, no call into another module but TensorFlow's, NumPy's or the standard
        library's, since the switch is process-wide) it changes nothing and is not reported.
    """

    def __init__(self, context) -> None:
        super().__init__(context)
        self._switches: list[cst.If] = []

    def visit_If(self, node: cst.If) -> None:
        if _names_debug_switch(node.test):
            self._switches.append(node)

    def leave_If(self, node: cst.If) -> None:
        if self._switches and self._switches[-1] is node:
            self._switches.pop()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        attr = func.attr.value
        if attr in ("run_functions_eagerly", "experimental_run_functions_eagerly"):
            name = self.model.call_name(node) or ""
            if not name.startswith("tensorflow.") or not node.args:
                return
            if not _is_true(node.args[0].value):
                return
            if _only_dataset_functions(self.model):
                return  # the switch applies to tf.functions only: here it changes nothing
            what = f"`{name.replace('tensorflow.', 'tf.', 1)}(True)`"
        elif attr == "enable_debug_mode":
            if self.model.call_name(node) != "tensorflow.data.experimental.enable_debug_mode":
                return
            what = "`tf.data.experimental.enable_debug_mode()`"
        elif attr == "compile":
            arg = _keyword(node, "run_eagerly")
            if arg is None or not _is_true(arg.value):
                return
            what = "`compile(run_eagerly=True)`"
        else:
            return
        if self._switches or is_test_path(self.context.path):
            return
        self.report(node, f"{what} left in non-test code makes traced code run eagerly")


def _only_dataset_functions(model) -> bool:
    """Whether the module traces nothing that ``run_functions_eagerly`` affects: its traced
    code is tf.data functions (``Dataset.map(f)``), which tf.data always traces into a graph
    whatever the switch, and it runs no Keras step (``fit``, ``predict``...) and calls nothing
    imported but TensorFlow's, NumPy's and the standard library's (the switch is process-wide:
    another module's tf.functions would run eagerly)."""
    if not model.roots or any(root.reason.kind != "dataset" for root in model.roots):
        return False
    for call in model.nodes_of(cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and (
            func.attr.value == "compile"
            or func.attr.value in knowledge.step_methods("train", "test", "predict")
        ):
            return False
        name = model.call_name(call)
        if name is None or name.startswith("builtins."):
            continue
        root = name.split(".", 1)[0]  # a name resolves through an import only
        if root not in _SWITCH_FREE_ROOTS and root not in sys.stdlib_module_names:
            return False
    return True


# Libraries whose calls run no tf.function the switch could make eager (tf.data's functions are
# always graphs; TensorFlow's own ops run as they are called).
_SWITCH_FREE_ROOTS = frozenset({"tensorflow", "numpy"})


def _names_debug_switch(test: cst.BaseExpression) -> bool:
    todo = [test]
    while todo:
        node = todo.pop()
        if isinstance(node, cst.Name):
            lowered = node.value.lower()
            if "eager" in lowered or "debug" in lowered:
                return True
        elif isinstance(node, cst.Attribute):
            todo.extend((node.value, node.attr))
        elif isinstance(node, cst.BooleanOperation):
            todo.extend((node.left, node.right))
        elif isinstance(node, cst.UnaryOperation):
            todo.append(node.expression)
        elif isinstance(node, cst.Comparison):
            todo.append(node.left)
            todo.extend(c.comparator for c in node.comparisons)
        elif isinstance(node, cst.Call):
            todo.append(node.func)
            todo.extend(a.value for a in node.args)
        elif isinstance(node, cst.Subscript):
            todo.append(node.value)
            todo.extend(e.slice.value for e in node.slice if isinstance(e.slice, cst.Index))
        elif isinstance(node, cst.SimpleString):
            lowered = node.value.lower()
            if "eager" in lowered or "debug" in lowered:
                return True
    return False


class ExperimentalRelaxShapes(Rule):
    id = "TF904"
    name = "experimental-relax-shapes"
    category = "api-misuse"
    message = "`experimental_relax_shapes` is the deprecated name of `reduce_retracing`"
    rationale = """
        `tf.function(experimental_relax_shapes=True)` was renamed `reduce_retracing=True` in
        TF 2.9; the old name is deprecated, logs a warning, and will be removed. Use
        `reduce_retracing=`, which has the same meaning. Evidence required: the keyword on a
        call of `tf.function` (or a known wrapper such as TF-Agents' `common.function`).
    """
    fix_applicability = "safe"
    fix_safety = "Safe: `reduce_retracing` is the same option under its current name."

    def visit_Call(self, node: cst.Call) -> None:
        arg = _keyword(node, "experimental_relax_shapes")
        if arg is None or self.model.call_name(node) not in TF_FUNCTION_NAMES:
            return
        if _keyword(node, "reduce_retracing") is not None:
            self.report(
                arg, "`experimental_relax_shapes` is deprecated; drop it, keep `reduce_retracing`"
            )
            return
        self.report(
            arg,
            replacement=arg.with_changes(keyword=cst.Name("reduce_retracing")),
            fix_description="rename to `reduce_retracing`",
        )


def optimizer_defaults() -> dict:
    """``data/optimizer_defaults.json``: each optimizer's default learning rate in each
    TensorFlow/Keras version it was measured in (scripts/generate_optimizer_defaults.py)."""
    return load_json("optimizer_defaults.json", "tf2lint.rules")


def _optimizer_api(qualified: str) -> str:
    """Which optimizer API a qualified name belongs to, as the data names them: standalone
    Keras (``keras.optimizers``), TensorFlow's ``tf.keras`` (also as ``tf.compat.v1.keras``),
    or ``tf_keras``."""
    if qualified.startswith("keras."):
        return "keras.optimizers"
    if qualified.startswith("tf_keras."):
        return "tf_keras.optimizers"
    return "tensorflow.keras.optimizers"


def _api_label(api: str, versions: dict[str, str]) -> str:
    if api == "keras.optimizers":
        keras = versions.get("keras", "?")
        return f"Keras {keras} (standalone, on TensorFlow {versions.get('tensorflow', '?')})"
    if api == "tf_keras.optimizers":
        return f"tf-keras {versions.get('tf-keras', '?')}"
    return f"tf.keras of TensorFlow {versions.get('tensorflow', '?')}"


def changed_default(api: str, optimizer: str) -> tuple[float, list[tuple[str, float]]] | None:
    """The default learning rate of ``optimizer`` in ``api`` in the newest version measured,
    and the older versions whose default differed (as measured, by their labels); None when
    it never changed."""
    found = []
    for environment in optimizer_defaults()["environments"]:
        value = environment["apis"].get(api, {}).get(optimizer)
        if value is not None:
            found.append((environment["versions"], value))
    if not found or not isinstance(found[-1][1], float):
        return None
    current = found[-1][1]
    older = [
        (_api_label(api, versions), value)
        for versions, value in found[:-1]
        if isinstance(value, float) and value != current
    ]
    return (current, older) if older else None


class OptimizerDefaultLearningRateChanged(Rule):
    id = "TF905"
    name = "optimizer-default-learning-rate-changed"
    category = "api-misuse"
    message = (
        "this optimizer's default learning rate changed since the TensorFlow this code was "
        "written for; pass `learning_rate` explicitly"
    )
    rationale = """
        Keras's `Adagrad`, `Adadelta`, `Adamax` and `Nadam` default to `learning_rate=0.001`
        in tf.keras since TensorFlow 1.14 and in Keras since it became tf.keras (2.4); tf.keras
        of TensorFlow 1.13 and standalone Keras up to 2.3 (which ran on TF1) used 0.01, 1.0,
        0.002 and 0.002. Measured by scripts/generate_optimizer_defaults.py in TensorFlow 1.13,
        1.14, 1.15, 2.0, 2.15 and 2.21, Keras 2.3.1, 2.15 and 3, tf-keras 2.21; TF1's own
        `tf.train.AdadeltaOptimizer` defaulted to 0.001 in all of them. TF1 code (the module
        imports `tensorflow.compat.v1` as `tf`, uses `tf.contrib` or TF1-only APIs) that
        constructs one without a learning rate was tuned with the old default and now trains
        with a rate up to 1000 times smaller, silently: the loss just falls slowly. Pass
        `learning_rate=` explicitly. Also reported: `compile(optimizer="adadelta")` and the
        other string names, which use the same defaults. TF2 code (no TF1 API in the module) is
        not reported: it never knew the old defaults.
    """

    def visit_Module(self, node: cst.Module) -> None:
        self._tf1 = is_tf1_code(self.model)

    def visit_Call(self, node: cst.Call) -> None:
        if not self._tf1:
            return
        func = node.func
        if isinstance(func, cst.Attribute):
            leaf = func.attr.value
        elif isinstance(func, cst.Name):
            leaf = func.value
        else:
            return
        if leaf == "compile":
            self._compiled(node)
            return
        name = self.model.call_name(node)
        cls = keras_optimizer_class(name)
        if cls is None or name is None or ".legacy." in name:
            return  # `optimizers.legacy.X` keeps tf.keras's TF2 default, which never changed
        changed = changed_default(_optimizer_api(name), cls)
        if changed is None:
            return
        if any(a.keyword is None or a.keyword.value in ("learning_rate", "lr") for a in node.args):
            return  # positional learning rate, *args, or explicit keyword
        self.report(
            node,
            f"`{cls}()` without `learning_rate` gets {_was(changed)}; this TF1 code was "
            "written for the old default: pass `learning_rate=` explicitly",
        )

    def _compiled(self, node: cst.Call) -> None:
        arg = _keyword(node, "optimizer")
        if arg is None or not isinstance(arg.value, cst.SimpleString):
            return
        text = arg.value.evaluated_value
        if not isinstance(text, str):
            return
        standalone = any(q == "keras" or q.startswith("keras.") for q in self.model.imported)
        api = "keras.optimizers" if standalone else "tensorflow.keras.optimizers"
        for cls in optimizer_defaults()["optimizers"]:
            if text.lower() != cls.lower():
                continue
            changed = changed_default(api, cls)
            if changed is not None:
                self.report(
                    arg,
                    f'`optimizer="{text}"` gets {_was(changed)}; this TF1 code was written '
                    f"for the old default: construct `{cls}(learning_rate=...)`",
                )


def _was(changed: tuple[float, list[tuple[str, float]]]) -> str:
    current, older = changed
    was = "; ".join(f"{value} in {label}" for label, value in older)
    return f"the default learning rate {current} (was {was})"


_TRAINING_LAYERS = frozenset(
    {
        "Dropout",
        "SpatialDropout1D",
        "SpatialDropout2D",
        "SpatialDropout3D",
        "GaussianDropout",
        "GaussianNoise",
        "AlphaDropout",
        "BatchNormalization",
    }
)


class CallWithoutTrainingArgument(Rule):
    id = "TF906"
    name = "call-without-training-argument"
    category = "api-misuse"
    severity = "info"
    message = "a Keras `call` that uses Dropout/BatchNormalization has no `training` argument"
    rationale = """
        Dropout and BatchNormalization behave differently in training and inference. A
        subclassed Layer or Model whose `call` uses them but has no `training` argument cannot
        be told which mode it is in: it depends entirely on Keras propagating the mode through
        its call context, which holds when Keras calls it (`fit`, `model(x, training=True)`),
        but not when `call` is invoked directly, when the layer is used outside Keras (a plain
        `tf.function`, a `tf.Module`), or when it must branch on the mode itself. Declare
        `def call(self, inputs, training=None)` and pass `training=training` to the sublayers.
        Evidence required: a `call` method of a class deriving from a Keras Layer/Model that
        calls `self.<attr>` where `<attr>` is assigned a Keras Dropout/BatchNormalization layer
        (or constructs one inline); a `call` with `**kwargs` is not reported.
        Off by default: Keras 3 propagates the mode through its call context, so under
        TF >= 2.16 this is hygiene rather than a bug. Select it by id to enable it.
    """
    default_enabled = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        fn = self.context.function
        if fn is None or fn.name != "call" or fn.cls is None or not fn.cls.keras_kind:
            return
        if "training" in fn.params or isinstance(node.params.star_kwarg, cst.Param):
            return
        used = self._training_layer_used(fn)
        if used is not None:
            self.report(
                node.name,
                f"`{fn.qualname}` uses {used} but has no `training` argument; declare "
                "`training=None` and pass it on",
            )

    def _training_layer_used(self, fn: FunctionInfo) -> str | None:
        model = self.model
        for call in fn.calls:
            func = call.func
            if isinstance(func, cst.Call):  # tf.keras.layers.Dropout(0.1)(x)
                leaf = _training_layer(model.call_name(func))
                if leaf:
                    return f"`{leaf}`"
            elif (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Name)
                and func.value.value == "self"
            ):
                for value in fn.cls.self_assignments.get(func.attr.value, ()):
                    if isinstance(value, cst.Call):
                        leaf = _training_layer(model.call_name(value))
                        if leaf:
                            return f"`self.{func.attr.value}` ({leaf})"
        return None


def _training_layer(name: str | None) -> str | None:
    if not is_keras(name):
        return None
    leaf = name.rsplit(".", 1)[-1]
    return leaf if leaf in _TRAINING_LAYERS and ".layers." in name else None


class TensorStoredAsState(Rule):
    id = "TF907"
    name = "tensor-stored-as-state"
    # A traced function that reads the attribute keeps the tensor it read while tracing.
    category = "stale-capture"
    message = "a tf.Tensor kept as mutable state on an object; use a tf.Variable"
    rationale = """
        A tensor is immutable. Keeping one on an object (`self.total = tf.constant(0.)` in
        `__init__`) and rebinding the attribute in another method treats it as state, but a
        `tf.function` that reads `self.total` captures the tensor it saw while tracing as a
        constant: later rebinding is invisible to the graph (it keeps returning the stale
        value), rebinding it inside traced code leaks a graph tensor, and the value is neither
        checkpointed nor saved. Create a `tf.Variable` once and `assign` to it. Evidence
        required: in `__init__`, an attribute of `self` set to the result of a TF op, and the
        same attribute assigned a value other than `None` in another method of the class (a
        tensor that is never rebound is a constant and fine; alternatives in `if`/`else` of
        `__init__` are not rebinding). Shown only with `--preview` when no traced code of the
        module reads the attribute (eager code reads the rebound tensor anew). Where every
        rebinding is in traced code (a traced solver step, a metric's `update_state`), the
        graph tensor stored there leaks: that is TF301's finding, at the store; what is
        reported here is the traced method's read of the attribute before its store (`self.x
        = self.x - lr * g`): the first trace captured the tensor `__init__` made, and every
        later call starts again from it (under TF 2.21 a solver's step returns the same
        iterate on every call).
    """

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if not isinstance(value, cst.Call):
            return
        context = self.context
        fn = context.function
        if fn is None or fn.name != "__init__" or fn.cls is None or context.in_traced_code:
            return
        for target in node.targets:
            t = target.target
            if not (
                isinstance(t, cst.Attribute)
                and isinstance(t.value, cst.Name)
                and t.value.value == "self"
                and len(fn.cls.self_assignments.get(t.attr.value, ())) >= 2
            ):
                continue
            if not self.model.is_tensor(value, fn):
                return
            rebinding = self.context.memo(
                (_rebinding_methods, fn.cls), lambda: _rebinding_methods(fn.cls)
            )
            others = rebinding.get(t.attr.value, set()) - {"__init__"}
            # Rebound only by traced methods (a traced step, a metric's `update_state`): the
            # graph tensor stored there leaks, and TF301 reports it at that store. What goes
            # stale is the read of the attribute before that store: the step captured the
            # tensor `__init__` made, and every later call starts again from it.
            if all(fn.cls.methods[name].traced for name in others if name in fn.cls.methods):
                for name in sorted(others):
                    self._stale_read(fn.cls.methods[name], t, node)
                continue
            if others:
                read = self.context.memo(_traced_reads, lambda: _traced_reads(self.model))
                self.report(
                    t,
                    f"`self.{t.attr.value}` holds a tf.Tensor and `{sorted(others)[0]}` rebinds "
                    "it; keep state in a `tf.Variable` and `assign` to it",
                    gap=None
                    if t.attr.value in read
                    else f"no traced code here reads `.{t.attr.value}`: eager code reads "
                    "the rebound tensor anew",
                )

    def _stale_read(self, method: FunctionInfo, init_target: cst.Attribute, init: cst.Assign):
        """Report the traced ``method``'s read of ``self.<attr>`` that comes before its own
        store (or inside the value stored: ``self.x = self.x - lr * g``): the tensor it reads
        is the one the first trace captured, a constant of the graph."""
        attr = init_target.attr.value
        stores = _self_stores(method, attr)
        if not stores:
            return
        first = stores[0]
        in_value = _descendant_ids(first.value)
        for read in self.model.reads.get(attr, ()):
            node = read.node
            if read.function is not method or not (
                isinstance(node, cst.Attribute)
                and isinstance(node.value, cst.Name)
                and node.value.value == "self"
            ):
                continue
            if id(node) in in_value or event_order(self.model, node) < event_order(
                self.model, first
            ):
                self.report(
                    node,
                    f"traced `{method.qualname}` reads `self.{attr}`, a tf.Tensor it captures "
                    "while tracing, then rebinds it: every call starts again from the captured "
                    "value; keep it in a `tf.Variable` and `assign` to it",
                    because=[
                        (f"`__init__` sets `self.{attr}` to a tensor here", init),
                        (f"`{method.name}` rebinds it here, in traced code", first),
                    ],
                )
                return


def _self_stores(method: FunctionInfo, attr: str) -> list[cst.Assign | cst.AugAssign]:
    """``self.<attr> = ...`` (and ``+=``) statements in ``method``'s own code, in order."""
    found: list[cst.Assign | cst.AugAssign] = []

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, cst.AugAssign):
            targets = [node.target]
        else:
            return not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda))
        if any(
            isinstance(t, cst.Attribute)
            and isinstance(t.value, cst.Name)
            and t.value.value == "self"
            and t.attr.value == attr
            for t in targets
        ):
            found.append(node)
        return True

    walk(method.node.body, enter)
    return found


def _descendant_ids(node: cst.CSTNode) -> set[int]:
    ids: set[int] = set()

    def enter(child: cst.CSTNode) -> None:
        ids.add(id(child))

    walk(node, enter)
    return ids


def _traced_reads(model: ModuleModel) -> set[str]:
    """The attribute names traced code of the module reads (``<anything>.<name>``): a tensor
    kept as state is frozen only into a graph that reads it."""
    names: set[str] = set()

    def enter(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Attribute):
            names.add(node.attr.value)

    for fn in model.functions:
        if fn.traced_by is not None:
            walk(fn.node, enter)
    return names


def _rebinding_methods(cls: ClassInfo) -> dict[str, set[str]]:
    """attribute -> names of the methods that set ``self.<attribute>`` to something not None."""
    found: dict[str, set[str]] = {}
    for name, method in cls.methods.items():

        def enter(node: cst.CSTNode, name: str = name) -> None:
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
                value = node.value
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
                targets, value = [node.target], node.value
            else:
                return
            if value is None or (isinstance(value, cst.Name) and value.value == "None"):
                return
            for target in targets:
                if (
                    isinstance(target, cst.Attribute)
                    and isinstance(target.value, cst.Name)
                    and target.value.value == "self"
                ):
                    found.setdefault(target.attr.value, set()).add(name)

        walk(method.node.body, enter)
    return found


# --- issue 28's missed pitfalls ------------------------------------------------------------------

# Arguments of an inner `tf.function` that make it more than a copy of its caller's tracing: an
# XLA cluster of its own, or AutoGraph set otherwise.
_DELIBERATE_ARGUMENTS = frozenset({"jit_compile", "experimental_compile", "autograph"})


def _tf_function_decorator(model: ModuleModel, fn: FunctionInfo) -> cst.Decorator | None:
    for decorator in fn.decorators:
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        if model.qualified_name(target) in TF_FUNCTION_NAMES:
            return decorator
    return None


def _deliberate(decorator: cst.Decorator) -> bool:
    expr = decorator.decorator
    return isinstance(expr, cst.Call) and any(
        arg.keyword is not None and arg.keyword.value in _DELIBERATE_ARGUMENTS for arg in expr.args
    )


class RedundantNestedTfFunction(Rule):
    id = "TF997"
    name = "redundant-nested-tf-function"
    category = "api-misuse"
    severity = "info"
    message = "`@tf.function` on a function that only traced code uses: the decorator is redundant"
    # its evidence spells the `tf.function` decorator
    requires_text = ("function",)
    rationale = """
        Code that a `tf.function` calls is traced as part of it: a plain Python helper, method,
        `tf.map_fn`/`tf.vectorized_map` body or `functools.partial` of one becomes part of the
        caller's graph. A nested `@tf.function` on such a function changes nothing it computes
        (TF 2.21 traces it as a function of its own and calls it from each caller's graph), but
        it is traced again for each Python argument value and input shape it is called with,
        on top of its callers' traces, and its Python arguments then retrace it: a training
        and an evaluation step that call `self.forward(x, training)` trace `forward` twice
        more. It is redundant, not wrong, unless a Python value varies (see TF599). Remove
        the inner decorator and keep `@tf.function` on the outermost function (the training
        step, the serving function). Reported when every use of the function in the module is
        in code that `tf.function` or tf.data always traces (a decorated or wrapped function, a
        dataset function, what they call); code that only Keras traces is left alone: a
        layer's `call` runs eagerly when the model is called eagerly, and there the inner
        decorator is what compiles the helper. An inner function with `jit_compile` (an XLA
        cluster of its own) or its own `autograph` setting is deliberate and not reported.
        On by default where its traced callers pass it a Python value (a `training` flag, a
        number): one concrete function per value, on top of the callers' traces (the fixture:
        4 traces against 2 under TF 2.21). Called with tensors only, it is traced once per
        input signature, and its body runs no more often than inlined (once per signature
        against once per caller's trace: 3 against 6 for two callers over three shapes under
        TF 2.21, and no measurable difference in first-call or steady time for one caller):
        redundant rather than costly, shown with `--preview`. On application code its findings
        measured 0 false and 7 harmless (docs/precision.md).
    """
    # the gap of a finding whose function its callers give tensors only (shown with --preview)
    tensors_only = (
        "redundant rather than costly: called with tensors only, the inner function is traced "
        "once per input signature, and its body runs no more often than when inlined"
    )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        model = self.model
        fn = model.function_of[node]
        decorator = _tf_function_decorator(model, fn)
        if decorator is None or _deliberate(decorator):
            return
        if fn.cls is not None and fn.name in knowledge.traced_methods(fn.cls.keras_kind):
            return  # a Keras method: TF998's
        reads = [
            (read.node, read.function)
            for read in self.model.reads.get(fn.name, ())
            if read.function is not fn
        ]
        if not reads or any(
            reader is None or not reader.traced or _traced_only_by_keras(reader)
            for _, reader in reads
        ):
            return
        read, reader = reads[0]
        python_value = _python_value_passed(self.model, {id(node) for node, _ in reads})
        because = [(f"traced `{reader.qualname}` uses `{fn.name}` here", read)]
        if python_value is not None:
            because.append(("a Python value it is traced again for", python_value))
        self.report(
            decorator.decorator,
            f"`@tf.function` on `{fn.qualname}`, which only traced code uses (`{reader.qualname}` "
            "here): it is traced again as a function of its own; drop the inner decorator",
            because=because,
            traced_in=reader,
            gap=None if python_value is not None else self.tensors_only,
        )


def _python_value_passed(model: ModuleModel, read_ids: set[int]) -> cst.CSTNode | None:
    """A Python literal (``True``, ``0.5``, ``"train"``) passed to a call of the function read
    at one of ``read_ids``: each distinct value traces the decorated function again."""
    for call in model.nodes_of(cst.Call):
        if id(call.func) not in read_ids:
            continue
        for arg in call.args:
            value = arg.value
            if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or (
                isinstance(value, cst.Name) and value.value in ("True", "False")
            ):
                return value
    return None


def _traced_only_by_keras(fn: FunctionInfo) -> bool:
    """Whether what starts the tracing that reaches ``fn`` is not ``tf.function`` or tf.data
    itself (a Keras method, a function given to ``compile``...): Keras runs such code eagerly
    when the model is called eagerly or compiled with ``run_eagerly``."""
    root = root_reason(fn)
    return root is None or root.kind not in ("decorator", "wrapped", "dataset")


class TfFunctionOnKerasMethod(Rule):
    id = "TF998"
    name = "tf-function-on-keras-method"
    category = "api-misuse"
    severity = "info"
    message = "`@tf.function` on a Keras method that Keras already traces"
    # its evidence spells the `tf.function` decorator
    requires_text = ("function",)
    rationale = """
        Keras runs `call` (and `train_step`, `test_step`, `predict_step`, a metric's
        `update_state`...) inside the `tf.function` it builds for `fit`, `evaluate` and
        `predict`, so a `@tf.function` on the method adds nothing to speed. It does change how
        the method runs where Keras means it to run eagerly: calling the model eagerly
        (`model(x)`), or compiling it with `run_eagerly=True` to debug, still runs the
        decorated method as a graph, so prints, breakpoints and `.numpy()` there stop working
        (TF 2.21, Keras 3: the body of a decorated `call` ran once in 20 eager calls). Remove
        the decorator and let Keras decide; to compile for speed, use `jit_compile=True` in
        `compile()`. On by default for a `call` the module calls eagerly (`net(obs,
        training=False)`): there the decorated call stays a graph and is traced again for each
        new input shape and Python argument (one observation, then a batch; a Python
        `training` flag: tensorflow#25754 runs such a layer eagerly with each `training`
        value). In preview elsewhere: redundant rather than wrong. A method the module calls
        itself (`self.train_step(x, y)` in its own eager loop) is not reported: Keras traces it
        only under `fit`, and there the decorator is what compiles it.
    """
    # the gap of a finding where nothing shows the method run eagerly (shown with --preview)
    redundant = (
        "redundant rather than wrong: Keras traces the method anyway; it matters where the "
        "method is run eagerly (an eager `model(x)`, `run_eagerly=True`)"
    )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        model = self.model
        fn = model.function_of[node]
        cls = fn.cls
        if cls is None or fn.name not in knowledge.traced_methods(cls.keras_kind):
            return
        decorator = _tf_function_decorator(model, fn)
        if decorator is None or _deliberate(decorator):
            return
        if fn.name != "call" and _called_by_own_code(model, cls, fn.name):
            return  # `self.train_step(x, y)` in the class's own loop: the decorator compiles it
        eager = _called_eagerly(model, cls) if fn.name == "call" else None
        because = [(f"`{cls.name}` is a Keras {cls.keras_kind}", cls.node)]
        if eager is not None:
            # where it matters: each eager call runs the graph, traced again for every new input
            # shape and Python argument (a `training` flag, one observation then a batch)
            because.append(("the module calls it eagerly here", eager))
        self.report(
            decorator.decorator,
            f"`@tf.function` on `{fn.qualname}`: Keras already traces a {cls.keras_kind}'s "
            f"`{fn.name}`, and the decorator keeps it a graph even when Keras runs it eagerly"
            + (
                ", as the module does: each new input shape or Python argument traces it again"
                if eager is not None
                else ""
            )
            + "; remove it",
            because=because,
            gap=None if eager is not None else self.redundant,
        )


def _called_by_own_code(model: ModuleModel, cls: ClassInfo, method: str) -> bool:
    """Whether the module calls ``method`` of ``cls`` itself (``self.train_step(x, y)`` in the
    class's own training loop, ``gan.train_step(batch)``) from anything but a method Keras
    traces: there Keras does not trace it, and its ``@tf.function`` is what compiles it."""
    keras_traced = knowledge.traced_methods(cls.keras_kind)
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value != method:
            continue
        scope = model.scope_of(func.value)
        where = scope.function if scope is not None else None
        if where is not None and where.cls is cls and where.name in keras_traced:
            continue  # Keras's own flow: `train_step` calling `self.compute_loss`
        receiver = func.value
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            if where is not None and where.cls is cls:
                return True
        elif model.instance_of(receiver, scope) is cls:
            return True
    return False


def _called_eagerly(model: ModuleModel, cls: ClassInfo) -> cst.Call | None:
    """A call of an instance of ``cls`` (``net(obs, training=False)``) that the module makes
    outside traced code again and again: in a loop, or in a function (an agent's ``act``),
    where Keras runs the layer's ``call`` eagerly. One call at module level (a demonstration)
    traces once and is left to preview."""
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, (cst.Name, cst.Attribute)):
            continue
        scope = model.scope_of(func if isinstance(func, cst.Name) else func.value)
        if model.instance_of(func, scope) is not cls:
            continue
        where = scope.function if scope is not None else None
        if where is not None and where.traced:
            continue
        if where is None and not (
            isinstance(func, cst.Name)
            and any(r.node is func and r.loops for r in model.reads.get(func.value, ()))
        ):
            continue
        return call
    return None


# Keras's high-level loops: each builds its own data pipeline and tf.function and hands back
# NumPy values or a History; none can run inside a graph.
_KERAS_LOOPS = frozenset({"fit", "evaluate", "predict"})


class KerasLoopInTracedCode(Rule):
    id = "TF996"
    call_names = _KERAS_LOOPS
    calls_in_traced_code = True
    name = "keras-predict-in-traced-code"
    category = "api-misuse"
    severity = "error"
    message = "`Model.predict`/`fit`/`evaluate` called in traced code fails while tracing"
    # its evidence spells the method
    requires_text = ("predict", "fit", "evaluate")
    rationale = """
        `model.predict(x)`, `model.fit(...)` and `model.evaluate(...)` are Keras's own loops:
        they build a data pipeline and a `tf.function` of their own and return NumPy arrays (or
        a History). Called inside a `tf.function` (or other traced code) they fail while
        tracing (Keras 3 under TF 2.21: `AttributeError` from its data adapter; tf-keras:
        `RuntimeError: Detected a call to Model.predict inside a tf.function`). Inside traced
        code call the model itself, `model(x, training=False)`, which runs in the graph; call
        `predict` outside. Evidence required: the receiver is a Keras model (built from a
        Keras class or a module class deriving from one).
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _KERAS_LOOPS:
            return
        context = self.context
        fn = context.function if context.in_traced_code else None
        if fn is None:
            return
        kind = self.model.kind_of(func.value, context.scope)
        if (kind is None or kind.kind != "model") and isinstance(func.value, cst.Name):
            kind = self._passed_model(func.value, context.scope)
        if kind is None or kind.kind != "model":
            return
        self.report(
            node,
            f"`{func.attr.value}()` of a Keras model in traced `{fn.qualname}` fails while "
            "tracing; call the model itself (`model(x, training=False)`)",
            because=[(f"`{code(func.value)}` is a Keras model: {kind.why}", func.value)],
        )

    def _passed_model(self, name: cst.Name, scope: Scope | None):
        """The Keras model every call passes to the parameter ``name``, as a kind."""
        model = self.model
        binding = model.binding_of(name, scope)
        if not binding.param_only or not isinstance(binding.scope, FunctionInfo):
            return None
        passed = model.arguments(binding.scope, name.value)
        kinds = [model.kind_of(value, caller) for value, caller in passed]
        if not kinds or any(k is None or k.kind != "model" for k in kinds):
            return None
        return kinds[0]


class VariableReturnedFromTracedFunction(Rule):
    id = "TF929"
    name = "variable-returned-from-traced-function"
    category = "api-misuse"
    severity = "error"
    message = "a tf.function returns a variable: its caller gets a tensor copy, not the variable"
    rationale = """
        What a `tf.function` returns is the output of its graph: a variable it returns comes
        back as a tensor holding a copy of the variable's value, not as the variable. A caller
        that uses the result as the variable (`counter.get().assign_add(1)`) fails with
        `AttributeError: ... object has no attribute 'assign_add'` (the knowledge base lists
        what a variable has and that copy lacks, by returning a variable from a `tf.function`),
        and one that keeps it sees a value that no later update changes. Return nothing and
        update the variable inside the traced function, or reach the variable itself (an
        attribute, not a traced accessor). Reported when a function traced by `tf.function`
        returns a `tf.Variable` and a caller in the module uses a variable-only member of the
        result.
    """

    def visit_Return(self, node: cst.Return) -> None:
        context = self.context
        fn = context.function
        if node.value is None or not context.in_traced_code or fn is None:
            return
        if fn.traced_by is None or fn.traced_by.kind not in ("decorator", "wrapped"):
            return
        kind = self.model.kind_of(node.value, context.scope)
        if kind is None or kind.kind != "variable":
            return
        use = self._variable_use(fn)
        if use is None:
            return
        member, site = use
        self.report(
            node.value,
            f"traced `{fn.qualname}` returns a variable, but a tf.function gives its caller a "
            f"tensor copy of the value, which has no `.{member}`; update the variable inside, "
            "or reach it without the traced function",
            because=[
                (f"`{code(node.value)}` is a variable: {kind.why}", node.value),
                (f"the caller uses `.{member}` of the result here", site),
            ],
        )

    def _variable_use(self, fn) -> tuple[str, cst.CSTNode] | None:
        """A variable-only member a caller uses on what ``fn`` returns: ``fn().assign(...)``,
        or ``v = fn()`` then ``v.assign_add(...)``."""
        model = self.model
        calls = {id(site.call) for site in model.call_sites if site.callee is fn}
        if not calls:
            return None
        for attribute in model.nodes_of(cst.Attribute):
            if not knowledge.variable_only_member(attribute.attr.value):
                continue
            owner = attribute.value
            if id(owner) in calls:
                return attribute.attr.value, attribute
            if isinstance(owner, cst.Name):
                values = model.binding_of(owner).known_values or []
                if values and all(id(v) in calls for v in values):
                    return attribute.attr.value, attribute
        return None


class DatasetTransformationDiscarded(Rule):
    id = "TF924"
    name = "dataset-transformation-discarded"
    category = "api-misuse"
    severity = "error"
    message = "a tf.data transformation's result is thrown away: the dataset itself is unchanged"
    rationale = """
        A `tf.data.Dataset` is immutable: every transformation (`map`, `batch`, `shuffle`,
        `filter`, `prefetch`...) returns a new dataset and leaves the one it is called on as it
        was. Written as a statement, `dataset.map(augment)` builds that new dataset and drops
        it, so the pipeline the script goes on to train on was never augmented (batched,
        shuffled...), and nothing fails. Assign the result (`dataset = dataset.map(augment)`).
        Reported when a call statement's result is discarded, the call is a method of a
        dataset (what the module shows it holds) and the knowledge base, generated from
        TensorFlow's own type stubs, says that method returns a dataset. Not for a notebook's
        top-level statement: the last one of a cell is displayed (`ds.batch(3)` alone in a
        cell shows the batched dataset), and tf2lint lints a notebook's cells as one module.
    """
    requires_text = ("data", "ds")

    def visit_Expr(self, node: cst.Expr) -> None:
        call = node.value
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return
        method = call.func.attr.value
        if knowledge.member_kind("dataset", method, called=True) != "dataset":
            return
        if self.context.path.endswith(".ipynb") and id(node) in self.context.memo(
            DatasetTransformationDiscarded, lambda: _top_level_expressions(self.model.module)
        ):
            return  # a cell's last expression is shown, not thrown away (cells are joined here)
        receiver = call.func.value
        scope = self.context.scope
        kind = self.model.kind_of(receiver, scope)
        if kind is not None and kind.kind != "dataset":
            return
        if kind is None and not self.model.is_dataset(receiver):
            return
        why = kind.why if kind is not None else "built by tf.data, or named like a dataset"
        shown = code(receiver)
        root = _chain_root(receiver)
        fix = f"`{root} = {code(call.func.value)}.{method}(...)`" if root else None
        self.report(
            call,
            f"`{shown}.{method}(...)` returns a new dataset, which this statement throws away: "
            f"`{root or shown}` itself is unchanged; "
            + (f"assign the result ({fix})" if fix else "assign the result and use it"),
            because=[
                (f"`{shown}` is a dataset: {why}", receiver),
                (
                    f"`Dataset.{method}` returns a new dataset (tf.data datasets are immutable)",
                    call,
                ),
            ],
        )


def _top_level_expressions(module: cst.Module) -> set[int]:
    """The ids of the module's own expression statements (not those in a block): in a notebook
    any of them may end its cell, where IPython displays its value."""
    return {
        id(statement)
        for line in module.body
        if isinstance(line, cst.SimpleStatementLine)
        for statement in line.body
        if isinstance(statement, cst.Expr)
    }


def _chain_root(expr: cst.BaseExpression) -> str | None:
    """The name a chain of dataset methods starts from (``ds`` of ``ds.batch(4)``), or the
    name itself; None for anything else (an attribute, a call of another function)."""
    while (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and knowledge.member_kind("dataset", expr.func.attr.value, called=True) == "dataset"
    ):
        expr = expr.func.value
    return expr.value if isinstance(expr, cst.Name) else None


class ElementFunctionGivenToApply(Rule):
    id = "TF930"
    name = "element-function-given-to-dataset-apply"
    category = "api-misuse"
    severity = "error"
    message = "a per-element function is given to `Dataset.apply`, which hands it the dataset"
    rationale = """
        `Dataset.apply(f)` calls `f` once, with the whole dataset, and expects a dataset back:
        it is for transformations of a pipeline (`tf.data.experimental.assert_cardinality`,
        `lambda ds: ds.filter(...).batch(8)`). `Dataset.map(f)` is the one that calls `f` on each
        element. A function written for elements (it casts, resizes, indexes or computes
        with its argument) given to `apply` receives the dataset object instead: the first
        TensorFlow op fails to convert it to a tensor (`Attempt to convert a value
        (<_VariantDataset ...>) ... to a Tensor`), and a `@tf.function` decoration does not help.
        Reported for a function of the module given to a Dataset method that, by the knowledge
        base (tf.data's own methods, called with a recording function), hands its function
        datasets, when the function uses its parameter as an element (hands it to a TensorFlow
        op, indexes it or computes with it) and never calls a dataset method on it. Use
        `dataset.map(f)`.
    """
    requires_text = ("apply",)
    call_names = frozenset({"apply"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not node.args:
            return
        takes = knowledge.dataset_function_takes(func.attr.value)
        if not takes:
            return
        scope = self.context.scope
        receiver = func.value
        kind = self.model.kind_of(receiver, scope)
        if kind is not None and kind.kind != "dataset":
            return
        if kind is None and not self.model.is_dataset(receiver):
            return
        for parameter, kinds in takes.items():
            if kinds[:1] != ["dataset"]:
                continue
            keyword = _keyword(node, parameter)
            arg = keyword or (
                node.args[0] if len(takes) == 1 and not node.args[0].keyword else None
            )
            if arg is None:
                continue
            fn = self.model.function_referenced(arg.value, scope)
            if fn is None or not fn.params:
                continue
            use = _element_use(self.model, fn)
            if use is None:
                continue
            param = fn.params[0]
            decorated = fn.traced_by is not None and fn.traced_by.kind == "decorator"
            self.report(
                arg.value,
                f"`{fn.qualname}` works on one element, but `Dataset.{func.attr.value}` calls it "
                f"once with the whole dataset as `{param}`"
                + (" (its @tf.function traces it with the dataset)" if decorated else "")
                + f"; use `{code(receiver)}.map({code(arg.value)})`",
                because=[
                    (
                        f"`Dataset.{func.attr.value}` hands `{parameter}` the dataset itself "
                        "(tf.data, called with a recording function)",
                        node,
                    ),
                    (f"`{fn.qualname}` uses `{param}` as an element here", use),
                ],
            )


def _element_use(model: ModuleModel, fn: FunctionInfo) -> cst.CSTNode | None:
    """Where ``fn`` uses its first parameter as a dataset element: handed to a TensorFlow op
    (not tf.data's), indexed, or in arithmetic; None when it also calls a method on it (a
    dataset's, as a transformation does) or uses it in none of those ways."""
    param = fn.params[0]
    found: list[cst.CSTNode] = []
    methods: list[cst.CSTNode] = []

    def is_param(node: cst.BaseExpression) -> bool:
        if not isinstance(node, cst.Name) or node.value != param:
            return False
        binding = model.binding_of(node, fn)
        return binding.scope is fn and binding.is_param

    def enter(node: cst.CSTNode) -> bool | None:
        if node is not fn.node and isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Attribute) and is_param(node.func.value):
                methods.append(node)
            name = model.call_name(node) or ""
            if name.startswith("tensorflow.") and not name.startswith("tensorflow.data."):
                found.extend(node for a in node.args[:1] if is_param(a.value))
        elif (isinstance(node, cst.Subscript) and is_param(node.value)) or (
            isinstance(node, cst.BinaryOperation) and (is_param(node.left) or is_param(node.right))
        ):
            found.append(node)
        return None

    walk(fn.node, enter)
    return found[0] if found and not methods else None


class ShuffleAfterBatch(Rule):
    id = "TF926"
    name = "shuffle-after-batch"
    category = "api-misuse"
    severity = "warning"
    message = "`shuffle` after `batch` shuffles whole batches: every epoch has the same batches"
    rationale = """
        tf.data applies its transformations in the order written. `dataset.batch(n)` groups
        the elements into batches first, and a `.shuffle(k)` after it shuffles those batches
        as units: the same elements are batched together in every epoch, only the order of
        the batches changes, and SGD loses the per-example randomness it relies on (the
        batches of a sorted or class-grouped dataset stay sorted or single-class). Reported
        for a `.shuffle()` whose dataset is built, down its chain or through the names it is
        bound to, by `.batch()` with no `.shuffle()` before that batch, unless the shuffled
        batches are `.unbatch()`ed again (shuffling blocks on purpose) or a function is mapped
        over them first (`.batch(seq_len + 1).map(split_input_target)`: the batch cut a text
        into sequences, which are the elements shuffled), or the batches hold one element each
        (`.batch(1)`: shuffling them is shuffling the elements). Shuffle the elements, then
        batch: `dataset.shuffle(k).batch(n)`.
    """
    requires_text = ("shuffle",)
    call_names = frozenset({"shuffle"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "shuffle":
            return
        receiver = func.value
        if not self.model.is_dataset(receiver):
            kind = self.model.kind_of(receiver, self.context.scope)
            if kind is None or kind.kind != "dataset":
                return
        batch = _batch_below(self.model, receiver, 0)
        if batch is None or _unbatched_later(self.model, node):
            return
        self.report(
            node,
            "this `.shuffle()` comes after `.batch()`: it shuffles whole batches, so the same "
            "elements are batched together in every epoch; shuffle before batching "
            "(`.shuffle(k).batch(n)`)",
            because=[
                ("the elements are batched here, before any shuffle", batch),
                ("and the batches, not the elements, are shuffled here", node),
            ],
        )


def _batch_below(model: ModuleModel, expr: cst.BaseExpression, depth: int) -> cst.Call | None:
    """The ``.batch()`` the dataset ``expr`` is built by, down its chain of methods and through
    the names it is bound to, when no ``.shuffle()`` (nor any other way of batching) comes
    before it; else None."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method == "batch":
            if _batch_of_one(model, expr) or _shuffled_below(model, expr.func.value, 0):
                return None
            return expr
        if method in ("shuffle", "unbatch", "rebatch", "padded_batch", "ragged_batch"):
            return None
        if knowledge.dataset_function_takes(method):
            return None  # `.batch(n + 1).map(split)`: the batches were chunks made elements
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        # the value that reaches this read: `ds = ds.batch(8)` then `ds = ds.shuffle(100)`
        values = [
            v for v in values_read(model, expr, model.scope_of(expr)) if not contains(v, expr)
        ]
        values = values or [v for v in assigned_before(model, expr) if not contains(v, expr)][-1:]
        found = [_batch_below(model, v, depth + 1) for v in values]
        return found[0] if found and all(found) else None
    return None


def _batch_of_one(model: ModuleModel, batch: cst.Call) -> bool:
    """Whether ``.batch(n)`` makes batches of one element (``n`` is 1, or a name every value of
    which is 1): shuffling those batches is shuffling the elements."""
    arg = batch.args[0] if batch.args else None
    if arg is None or (arg.keyword is not None and arg.keyword.value != "batch_size"):
        return False
    size = arg.value
    values = [size]
    if isinstance(size, cst.Name):
        values = model.binding_of(size).known_values or []
    return bool(values) and all(
        isinstance(v, cst.Integer) and v.evaluated_value == 1 for v in values
    )


def _shuffled_below(model: ModuleModel, expr: cst.BaseExpression, depth: int) -> bool:
    """Whether the dataset ``expr`` is shuffled anywhere down its chain or names."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        if expr.func.attr.value == "shuffle":
            return True
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        values = assigned_before(model, expr)
        # not the value this read is part of (`ds = ds.batch(8).shuffle(100)`)
        return any(_shuffled_below(model, v, depth + 1) for v in values if not contains(v, expr))
    return False


def _unbatched_later(model: ModuleModel, shuffle: cst.Call) -> bool:
    """Whether an ``.unbatch()`` in the module is applied to the dataset ``shuffle`` makes (in
    its chain or through a name bound to it): the batches are shuffled as blocks on purpose."""
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "unbatch"):
            continue
        expr: cst.BaseExpression = func.value
        for _ in range(8):
            if expr is shuffle:
                return True
            if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
                expr = expr.func.value
            elif isinstance(expr, cst.Name):
                values = model.binding_of(expr, model.scope_of(expr)).values
                if len(values) != 1:
                    break
                expr = values[0]
            else:
                break
    return False


class ReshuffledDatasetSplit(Rule):
    id = "TF927"
    name = "reshuffled-dataset-split"
    category = "api-misuse"
    severity = "error"
    message = "a dataset split with `take`/`skip` after a `shuffle` that reshuffles each pass"
    rationale = """
        `Dataset.shuffle` reshuffles on every pass by default (`reshuffle_each_iteration`
        is True). Splitting a shuffled dataset with `take(n)` for training and `skip(n)` for
        validation or test does not split the data once: each pass over either part
        shuffles the whole dataset again and takes its own first `n` or the rest, so the
        training set changes every epoch and the held-out set overlaps it: validation and
        test metrics silently measure examples the model trained on. Reported when `take` and
        `skip` are both applied to the same shuffled dataset (in a chain, or through the
        names it is bound to) with no `cache()` between, as two parts: not one built from the
        other (`ds.skip(60).take(5)` is one window of each pass, not a split).
        `tf.data.Dataset.list_files` shuffles the same way unless given `shuffle=False` (its
        default, `shuffle=None`, shuffles; a `seed` makes the sequence of orders repeatable,
        each pass still differs: under TF 2.21 three passes of `list_files(...).take(3)`
        gave three different sets of files), so a split of its file names is reported too.
        That form is reported at the `list_files` call. Shuffle with
        `reshuffle_each_iteration=False` (`list_files(..., shuffle=False)`) before splitting (and shuffle the training part again after), or split before
        shuffling.
    """
    requires_text = ("skip",)
    call_names = frozenset({"skip"})

    def __init__(self, context) -> None:
        super().__init__(context)
        self.reported_files: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "skip":
            return
        shuffle = _reshuffle_below(self.model, func.value, 0)
        if shuffle is None:
            return
        take = next(
            (
                call
                for call in self.model.nodes_of(cst.Call)
                if isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "take"
                and _reshuffle_below(self.model, call.func.value, 0) is shuffle
                # two parts, not one window (`ds.skip(60).take(5)`): neither built from the other
                and not _built_from(self.model, call.func.value, node, 0)
                and not _built_from(self.model, func.value, call, 0)
            ),
            None,
        )
        if take is None:
            return
        files = isinstance(shuffle.func, cst.Attribute) and shuffle.func.attr.value == "list_files"
        if files:  # reported once, at the `list_files` call: the line to change
            if id(shuffle) in self.reported_files:
                return
            self.reported_files.add(id(shuffle))
        self.report(
            shuffle if files else node,
            (
                "`take` and `skip` split the file names of `list_files`, which shuffles them "
                "anew on every pass by default: each epoch draws a new split, so files leak "
                "between the two parts; pass `shuffle=False` to `list_files` before splitting"
            )
            if files
            else (
                "`take` and `skip` split a dataset whose `shuffle` reshuffles on every pass: "
                "each epoch draws a new split, so the two parts overlap and held-out examples "
                "leak into training; shuffle with `reshuffle_each_iteration=False` before "
                "splitting"
            ),
            because=[
                *([] if files else [("the dataset is shuffled here, anew on every pass", shuffle)]),
                ("one part is taken here", take),
                ("and the other part skips the same count of a new shuffle here", node),
            ],
        )


def _built_from(model: ModuleModel, expr: cst.BaseExpression, part: cst.Call, depth: int) -> bool:
    """Whether the dataset ``expr`` is built from the call ``part`` (down its chain of methods
    and through the assignments before it)."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        if expr is part:
            return True
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        values = assigned_before(model, expr)
        return any(_built_from(model, v, part, depth + 1) for v in values if v is not expr)
    return False


def _reshuffle_below(model: ModuleModel, expr: cst.BaseExpression, depth: int) -> cst.Call | None:
    """The ``.shuffle()`` (reshuffling on each pass) the dataset ``expr`` is built by, down its
    chain and through the assignments before it, the arguments every call of the module passes
    to a parameter, and what a function of the module returns, with no ``cache()`` above it;
    else None."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method == "cache":
            return None
        if method == "shuffle":
            fixed = _keyword(expr, "reshuffle_each_iteration")
            if fixed is None or _is_true(fixed.value):
                return expr
            # a fixed shuffle of a source that reshuffles still differs on every pass
        if method == "list_files" and _reshuffling_list_files(model, expr):
            return expr
        expr = expr.func.value
    if depth >= 4:
        return None
    if isinstance(expr, cst.Call):  # `files = list_training_files()`
        callee = model.callee(expr, None)
        if callee is None or callee.is_generator:
            return None
        found = [_reshuffle_below(model, v, depth + 1) for v in model.return_values(callee)]
        return found[-1] if found and found[-1] is not None else None
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr)
        if isinstance(binding.scope, FunctionInfo) and binding.param_only:
            passed = model.arguments(binding.scope, expr.value)
            found = [_reshuffle_below(model, v, depth + 1) for v, _ in passed]
            return found[0] if found and all(found) else None
        values = assigned_before(model, expr)
        found = [_reshuffle_below(model, v, depth + 1) for v in values if v is not expr]
        return found[-1] if found and found[-1] is not None else None
    return None


def _reshuffling_list_files(model: ModuleModel, call: cst.Call) -> bool:
    """Whether ``call`` is ``tf.data.Dataset.list_files(...)`` without ``shuffle=False``: it
    shuffles the file names by default, anew on every pass (a ``seed`` fixes the sequence of
    orders, not one order)."""
    if not (model.call_name(call) or "").endswith("data.Dataset.list_files"):
        return False
    shuffle = _call_argument(call, "shuffle", 1)
    return shuffle is None or _is_true(shuffle)


class DatasetFunctionReturnsElement(Rule):
    id = "TF940"
    name = "dataset-function-returns-element"
    category = "api-misuse"
    severity = "error"
    message = "the function given to `flat_map`/`interleave` returns tensors, not a dataset"
    rationale = """
        `Dataset.flat_map(f)` and `Dataset.interleave(f)` call `f` on each element and expect a
        *dataset* back, whose elements they splice into the output; `Dataset.map(f)` is the
        one whose function returns the new element. A function that returns tensors (its
        element times two, a decoded image, a tuple of features and label) fails when the
        pipeline is built: `AttributeError: 'SymbolicTensor' object has no attribute '_name'`
        (TF 2.21), or `TypeError: The map_func argument must return a Dataset object` in
        other versions. Reported for the methods whose function the knowledge base saw must
        return a dataset (tf.data's own methods, called with a function returning its element
        and with one returning `Dataset.from_tensors` of it), when every value the function
        returns is one no dataset can be: a tuple, list or dict display, arithmetic, a number
        or string, or a TensorFlow op that gives a tensor. Return
        `tf.data.Dataset.from_tensors(...)` (one element) or `from_tensor_slices(...)` (several),
        or use `map`.
    """
    requires_text = ("flat_map", "interleave")
    call_names = frozenset({"flat_map", "interleave"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not node.args:
            return
        method = func.attr.value
        takes = knowledge.dataset_function_takes(method)
        scope = self.context.scope
        kind = self.model.kind_of(func.value, scope) if takes else None
        if kind is not None and kind.kind != "dataset":
            return
        if kind is None and not self.model.is_dataset(func.value):
            return
        for parameter in takes:
            if not knowledge.dataset_function_returns_dataset(method, parameter):
                continue
            arg = _keyword(node, parameter) or (node.args[0] if not node.args[0].keyword else None)
            if arg is None:
                continue
            fn = self.model.function_referenced(arg.value, scope)
            if fn is None:
                continue
            returned = self.model.return_values(fn)
            why = [_not_a_dataset(self.model, value, fn) for value in returned]
            if not returned or not all(why):
                continue
            self.report(
                arg.value,
                f"`Dataset.{method}` needs `{code(arg.value)}` to return a dataset, but it "
                f"returns {why[0]}, which fails when the pipeline is built; return "
                "`tf.data.Dataset.from_tensors(...)` of it, or use `map`",
                because=[
                    (
                        f"`Dataset.{method}` splices the datasets its `{parameter}` returns "
                        "(tf.data, called with a function returning its element)",
                        node,
                    ),
                    (f"this is returned: {why[0]}", returned[0]),
                ],
            )
            return


_WHILE_LOOPS = frozenset({"tensorflow.while_loop", "tensorflow.compat.v2.while_loop"})


class WhileLoopBodyStructure(Rule):
    id = "TF950"
    name = "while-loop-body-structure"
    category = "api-misuse"
    severity = "error"
    message = "the `tf.while_loop` body returns another structure than its `loop_vars`"
    rationale = """
        `tf.while_loop(cond, body, loop_vars)` calls `body(*loop_vars)` and needs back the
        same structure, one value per loop variable, to call `cond` and `body` with again.
        A body that returns fewer or more values than the loop variables it takes
        (`lambda i, s: (i + 1, s, s)` for `[i, s]`) fails: `ValueError: The two structures
        don't have the same nested structure` (TF 2.21, eagerly and traced). A body that
        returns one bare value (`lambda i: i + 1`) for a list or tuple of loop variables fails
        eagerly with `TypeError: Cannot iterate over a scalar tensor` (TF 2.21 unpacks what it
        gets back; inside a `tf.function` a single loop variable happens to pass), and for two
        or more loop variables everywhere. Reported where `loop_vars` is a list or tuple
        display and every value the body (a lambda or a function of the module) returns is a
        display of another length, or, for a bare value, arithmetic or a TensorFlow op's
        single tensor. Return a list or tuple with one value per loop variable:
        `lambda i: [i + 1]`, `lambda i, s: (i + 1, s + i)`.
    """
    requires_text = ("while_loop",)

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if model.call_name(node) not in _WHILE_LOOPS:
            return
        loop_vars = argument(node, 2, "loop_vars")
        body = argument(node, 1, "body")
        if not isinstance(loop_vars, (cst.List, cst.Tuple)) or body is None:
            return
        if any(isinstance(e, cst.StarredElement) for e in loop_vars.elements):
            return
        count = len(loop_vars.elements)
        scope = self.context.scope
        fn = model.function_referenced(body, scope)
        returned = model.return_values(fn) if fn is not None else []
        if not returned:
            return
        found = [self._mismatch(value, count, fn) for value in returned]
        if not all(found):
            return
        what = found[0]
        if what == "one value" and count == 1 and self.context.in_traced_code:
            return  # traced, a single loop variable takes one bare value back
        self.report(
            body,
            f"the body returns {what} for {count} loop variable{'s' * (count != 1)}: "
            "`tf.while_loop` fails; return a list or tuple with one value per loop variable",
            because=[
                (f"`loop_vars` holds {count} value{'s' * (count != 1)}", loop_vars),
                (f"the body returns {what}", returned[0]),
            ],
        )

    def _mismatch(self, value: cst.BaseExpression, count: int, fn: FunctionInfo) -> str | None:
        """What ``value`` is when it cannot be ``count`` loop variables; None if it may be."""
        if isinstance(value, (cst.List, cst.Tuple)):
            if any(isinstance(e, cst.StarredElement) for e in value.elements):
                return None
            length = len(value.elements)
            return f"{length} value{'s' * (length != 1)}" if length != count else None
        if isinstance(value, cst.BinaryOperation) and any(
            isinstance(side, (cst.List, cst.Tuple)) for side in (value.left, value.right)
        ):
            return None  # `vars[:1] + [x]`: a sequence
        if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation)) or (
            isinstance(value, cst.Call) and self.model.is_tensor(value, fn)
        ):
            return "one value"
        return None


def _not_a_dataset(
    model: ModuleModel, value: cst.BaseExpression, scope: FunctionInfo
) -> str | None:
    """What ``value``, returned by a function, is when no dataset can be it: a display, a
    literal, arithmetic, or a TensorFlow op's tensor; None otherwise."""
    if isinstance(value, (cst.Tuple, cst.List, cst.Dict, cst.Set)):
        return "a Python tuple, list or dict"
    if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return "a Python constant"
    if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation)):
        return "the result of arithmetic, a tensor"
    if isinstance(value, cst.Call):
        name = model.call_name(value) or ""
        kind = model.kind_of(value, scope)
        if (
            name.startswith("tensorflow.")
            and not name.startswith("tensorflow.data.")
            and kind is not None
            and kind.kind == "tensor"
        ):
            return f"the tensor of `{name.removeprefix('tensorflow.')}`"
    return None


def _method_of(model: ModuleModel, cls: ClassInfo, name: str) -> FunctionInfo | None:
    """The method ``name`` of the module's class ``cls``, its own or one of its module bases'."""
    seen: set[int] = set()
    todo = [cls]
    while todo:
        current = todo.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        if name in current.methods:
            return current.methods[name]
        for base in current.node.bases:
            if isinstance(base.value, cst.Name):
                sites = model.binding_of(base.value, None).sites
                found = model.classes.get(sites[-1].node) if sites else None
                if found is not None:
                    todo.append(found)
    return None


class TracedMethodOnTemporaryInstance(Rule):
    id = "TF932"
    name = "traced-method-on-temporary-instance"
    category = "api-misuse"
    severity = "error"
    message = (
        "a `tf.function` method called on an object nothing keeps (`Foo().step(x)`) traces "
        "with `self` already gone"
    )
    rationale = """
        A method decorated with `@tf.function` keeps only a weak reference to the instance it
        is read from (so that the function does not keep every object alive). In
        `Scaler(2.0).apply(x)` nothing else holds the new object: once `.apply` is read it is
        freed, and the trace runs the method with `self` set to `None`:
        `AttributeError: 'NoneType' object has no attribute 'factor'` (TF 2.21; the same for
        Keras layers and for a method with an `input_signature`). Bind the object to a name
        first (`scaler = Scaler(2.0)`, then `scaler.apply(x)`), and keep it as long as the
        function is used. Evidence required: the receiver is a call of a class of the module
        (the object made in the same expression), and the method, the class's own or a base's
        in the module, is decorated with `tf.function`.
    """
    requires_text = ("function",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Call):
            return
        made = func.value
        if not isinstance(made.func, cst.Name):
            return
        scope = self.context.scope
        sites = self.model.binding_of(made.func, scope).sites
        if not sites or any(s.kind != SiteKind.CLASS for s in sites):
            return
        cls = self.model.classes.get(sites[-1].node)
        if cls is None:
            return
        method = _method_of(self.model, cls, func.attr.value)
        if method is None or tf_function_decorator(self.model, method) is None:
            return
        if not method.params or not mentions(method.node.body, method.params[0]):
            return  # a method that never reads `self` does not miss it
        self.report(
            node,
            f"`{code(made)}` is kept by nothing: `{func.attr.value}` is a `tf.function` "
            "method, which holds its instance weakly, so it traces with `self` gone; bind "
            f"the `{cls.name}` to a name first",
            because=[
                (f"`{cls.name}.{method.name}` is decorated with `tf.function`", method.node),
                (f"the `{cls.name}` made here is referenced only by this expression", made),
            ],
        )


# --- code compiled with autograph=False that needs AutoGraph ------------------------------------


def _explicitly_unconverted(model: ModuleModel) -> dict[FunctionInfo, cst.CSTNode]:
    """The functions traced without AutoGraph because the module compiles them (or a
    function that runs them) with ``tf.function(..., autograph=False)``, each with that
    ``autograph=False`` argument."""

    def compute() -> dict[FunctionInfo, cst.CSTNode]:
        roots: dict[FunctionInfo, cst.CSTNode] = {}
        for root in model.roots:
            target = root.target
            if root.autograph or not isinstance(target, FunctionInfo):
                continue
            if root.reason.kind not in ("decorator", "wrapped"):
                continue
            setting = _autograph_setting(model, target)
            if setting is not None:
                roots[target] = setting
        found: dict[FunctionInfo, cst.CSTNode] = {}
        for fn, setting in roots.items():
            todo = [fn]
            while todo:
                current = todo.pop()
                if current in found:
                    continue
                found[current] = setting
                todo.extend(model.unconverted_edges(current))
        return found

    return model.memo(_explicitly_unconverted, compute)


def _autograph_setting(model: ModuleModel, fn: FunctionInfo) -> cst.CSTNode | None:
    """The ``autograph=False`` argument of ``fn``'s ``@tf.function(...)`` decorator, or of a
    ``tf.function(fn, autograph=False)`` call of the module."""
    calls = [d.decorator for d in fn.decorators if isinstance(d.decorator, cst.Call)]
    calls += [
        c
        for c in model.nodes_of(cst.Call)
        if is_tf_function_call(model, c) and model.function_referenced(c.args[0].value, None) is fn
    ]
    for call in calls:
        if model.call_name(call) not in TF_FUNCTION_NAMES:
            continue
        setting = _keyword(call, "autograph")
        value = setting.value if setting is not None else None
        if isinstance(value, cst.Name) and value.value == "False":
            return setting
    return None


def _names_of(model: ModuleModel, fn: FunctionInfo) -> list[tuple[cst.Call, Scope]]:
    """The calls that run ``fn``, with the scope each is made in: the calls of it, and of a
    name the module binds to ``tf.function(fn, ...)``."""
    found = []
    for call, _, _, scope in model._calls:
        func = call.func
        if model.function_referenced(func, scope) is fn:
            found.append((call, scope))
        elif isinstance(func, cst.Name):
            sites = model.binding_of(func, scope).sites
            if len(sites) == 1 and sites[0].kind == SiteKind.ASSIGN:
                value = sites[0].value
                if is_tf_function_call(model, value) and (
                    model.function_referenced(value.args[0].value, None) is fn
                ):
                    found.append((call, scope))
    return found


def _keras_lambda_of(model: ModuleModel, fn: FunctionInfo) -> cst.Call | None:
    """A Keras ``Lambda(fn)`` layer of the module (or of a name bound to ``tf.function(fn)``):
    Keras calls ``fn`` with the layer's input, a graph tensor when the model is traced."""
    for call, _, _, scope in model._calls:
        if not call.args or not is_keras(model.call_name(call), "layers.Lambda"):
            continue
        given = call.args[0].value
        if model.function_referenced(given, scope) is fn:
            return call
        if isinstance(given, cst.Name):
            values = model.binding_of(given, scope).known_values
            if (
                values
                and len(values) == 1
                and is_tf_function_call(model, values[0])
                and model.function_referenced(values[0].args[0].value, None) is fn
            ):
                return call
    return None


def _graph_tensor(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr`` holds a graph tensor in traced code, when the module shows it: a TF op's
    result, an element or arithmetic of one, or a parameter that a Keras ``Lambda`` layer
    (its function's input) or every call in the module gives one."""
    if depth > 6 or scope is None:
        return None
    if computed_tensor(model, expr, scope, api_only=True):
        return ("computed by a TensorFlow op", expr)
    if isinstance(expr, cst.Subscript):
        return _graph_tensor(model, expr.value, scope, depth + 1)
    if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
        return _graph_tensor(model, expr.expression, scope, depth + 1)
    if isinstance(expr, cst.BinaryOperation):
        return _graph_tensor(model, expr.left, scope, depth + 1) or _graph_tensor(
            model, expr.right, scope, depth + 1
        )
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    fn = binding.scope
    if not isinstance(fn, FunctionInfo):
        return None
    if not binding.param_only:
        sites = binding.sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN or sites[0].value is None:
            return None
        return _graph_tensor(model, sites[0].value, fn, depth + 1)
    param = expr.value
    if param not in fn.params or param in fn.param_defaults:
        return None
    position = fn.params.index(param)
    if fn.cls is not None:
        return None  # a method: what `self` and its callers hold is not followed here
    if position == 0:
        layer = _keras_lambda_of(model, fn)
        if layer is not None:
            return (f"Keras calls `{fn.name}` with the input of this Lambda layer", layer)
    whys = []
    for call, caller in _names_of(model, fn):
        passed = passed_argument(call, fn.params, param)
        why = _graph_tensor(model, passed, caller, depth + 1) if passed is not None else None
        if why is None:
            return None
        whys.append(why)
    return whys[0] if whys else None


class AutographDisabledWithTensorControlFlow(Rule):
    id = "TF933"
    name = "autograph-disabled-with-tensor-control-flow"
    category = "api-misuse"
    severity = "error"
    requires_traced_code = True
    requires_text = ("autograph",)
    message = (
        "`autograph=False` on a function whose code branches on a tensor with a Python "
        "`if`/`while`: it fails while tracing"
    )
    rationale = """
        `tf.function(f, autograph=False)` (or `@tf.function(autograph=False)`) traces `f`, and
        every function it calls, as plain Python: nothing turns `if t > 0:` or `while t > 0:`
        on a tensor into `tf.cond` / `tf.while_loop`, so Python asks for the truth value of a
        symbolic tensor and the trace fails with `OperatorNotAllowedInGraphError: Using a
        symbolic tf.Tensor as a Python bool is not allowed` (TF 2.21), the first time a
        Keras `Lambda` layer or a training step runs the function. The setting is the
        mistake: drop `autograph=False`, or write the branch with `tf.where` / `tf.cond`.
        Evidence required: the function is compiled with an explicit `autograph=False` (or
        is called from one), and the condition tests a value computed by a TF op, a variable,
        or a parameter the module fills with a graph tensor (the input of a Keras `Lambda`
        layer given the function, or what every call in the module passes, through
        indexing and arithmetic). Reported at the `autograph=False` argument, once: the
        condition itself is TF808's (a Python condition on a graph tensor in unconverted
        code), which also covers what Keras 3 traces without AutoGraph (a layer's `call`).
    """

    def _check(self, test: cst.BaseExpression, keyword: str) -> None:
        context = self.context
        fn = context.function if context.in_traced_code else None
        if fn is None or fn.autograph:
            return
        setting = _explicitly_unconverted(self.model).get(fn)
        if setting is None:
            return
        scope = context.scope
        why = None
        tensor = tensor_condition(self.model, test, scope)
        if tensor is not None:
            why = ("this value is a graph tensor: a TensorFlow op computes it", tensor)
        if why is None:
            why = variable_condition(self.model, test, scope)
        if why is None:
            for side in value_operands(test):
                found = _graph_tensor(self.model, side, scope)
                if found is not None:
                    why = (f"`{code(side)}` is a graph tensor: {found[0]}", found[1])
                    break
        if why is None:
            return
        seen = self.context.memo(("autograph-settings", type(self).id), set)
        if id(setting) in seen:
            return  # one finding per setting: its first tensor condition shows it
        seen.add(id(setting))
        self.report(
            setting,
            f"`autograph=False` turns off what `{fn.qualname}` needs: its Python `{keyword}` "
            "on a graph tensor then fails while tracing; drop `autograph=False` (or write the "
            "branch with `tf.where` or `tf.cond`)",
            because=[
                (f"traced unconverted: `{fn.qualname}` tests a graph tensor here", test),
                why,
            ],
        )

    def visit_If(self, node: cst.If) -> None:
        self._check(node.test, "if")

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check(node.test, "if")

    def visit_While(self, node: cst.While) -> None:
        self._check(node.test, "while")


class ProbabilityLossGivenLogits(Rule):
    id = "TF934"
    name = "probability-loss-given-logits"
    category = "api-misuse"
    severity = "error"
    message = (
        "a crossentropy loss that expects probabilities is given a model's logits (its last "
        "layer has no activation): pass `from_logits=True`"
    )
    rationale = """
        Keras's crossentropy losses (`SparseCategoricalCrossentropy`, `CategoricalCrossentropy`,
        `BinaryCrossentropy`, their focal variants, the functions and the `compile` strings of
        the same names) take probabilities unless told `from_logits=True`: they clip `y_pred`
        into (0, 1) (and a categorical one divides it by its sum) before the log. A layer
        whose `activation` defaults to none (`Dense`, `Conv2D`; the knowledge base's, read
        from each layer class's constructor) gives logits when built without one, negative
        and unnormalised, and the clipped logits give a loss whose gradient does not train
        the model: it runs without error and the accuracy stays near chance (under TF 2.21,
        4 classes: 33% against 89% with `from_logits=True`). Reported for a loss without
        `from_logits=True` given to the `compile` of a `Sequential`, a functional model or a
        `Model` subclass whose `call` returns one layer's output, when that last layer is such
        a layer without an activation, and for such a loss called on what such a model returns. (The other way round, `from_logits=True` on a softmax output,
        Keras 3 detects and undoes, with a warning.) Pass `from_logits=True`, or give the
        last layer `activation="softmax"` (`"sigmoid"` for a binary loss). A last layer
        with a ReLU (`activation="relu"`) is reported too: its outputs are unbounded and 0
        for every input where the unit is dead, so the clipped values pass no gradient
        where they fall outside (0, 1) (TF 2.21: a threshold classifier ending in
        `Dense(1, activation="relu")` with `binary_crossentropy` stays near chance; with a
        sigmoid it learns). Its fix is a sigmoid or softmax, not `from_logits`.
    """
    requires_text = ("crossentropy", "Crossentropy")

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        scope = self.context.scope
        if isinstance(func, cst.Attribute) and func.attr.value == "compile":
            loss = argument(node, 1, "loss")
            if loss is None or not self._expects_probabilities(loss, scope, 0):
                return
            layer = self._logits_layer(func.value, scope, node)
            if layer is not None:
                self._report(loss, layer, "the model compiled here")
                return
            layer = self._relu_layer(func.value, scope, node)
            if layer is not None:
                self.report(
                    layer,
                    f"`{code(layer.func)}` with a ReLU ends the model, but `{code(loss)}` "
                    "expects probabilities: ReLU outputs are unbounded and often 0, the loss "
                    "clips them into (0, 1), and where they are clipped "
                    'no gradient flows; end in `activation="sigmoid"` (`"softmax"` for '
                    "several classes)",
                    because=[("the loss, which expects probabilities", loss)],
                )
            return
        # `loss_fn(y, model(x))`, `keras.losses.sparse_categorical_crossentropy(y, logits)`
        predictions = argument(node, 1, "y_pred")
        if predictions is None or not self._expects_probabilities(node, scope, 0, called=True):
            return
        layer = self._predicted_by(predictions, scope, 0)
        if layer is not None:
            self._report(node, layer, "the model whose output this loss is given")

    def _report(self, node: cst.CSTNode, layer: cst.Call, model_role: str) -> None:
        self.report(
            node,
            f"this loss expects probabilities but {model_role} ends in "
            f"`{code(layer.func)}` without an activation, which gives logits; pass "
            '`from_logits=True` (or give that layer `activation="softmax"`)',
            because=[("the last layer, without an activation: logits", layer)],
        )

    def _expects_probabilities(
        self, expr: cst.BaseExpression, scope: Scope | None, depth: int, called: bool = False
    ) -> bool:
        """Whether ``expr`` (a loss given to ``compile``, or with ``called`` the callee of a
        call) is a crossentropy whose ``from_logits`` is left False."""
        model = self.model
        if depth > 3:
            return False
        if called:
            if not isinstance(expr, cst.Call):
                return False
            position = knowledge.from_logits_position(model.call_name(expr), constructed=False)
            if position is not None:
                return _left_false(expr, position)
            return self._expects_probabilities(expr.func, scope, depth + 1)
        if isinstance(expr, cst.SimpleString):
            return knowledge.probability_loss_name(expr.evaluated_value)
        if isinstance(expr, cst.Call):
            position = knowledge.from_logits_position(model.call_name(expr), constructed=True)
            return position is not None and _left_false(expr, position)
        if isinstance(expr, (cst.Name, cst.Attribute)):
            qualified = model.qualified_name(expr)
            if qualified is not None:
                return knowledge.from_logits_position(qualified, constructed=False) is not None
            # `loss_fn`, `self.loss_fn` (assigned in `__init__`): what it was bound to
            values = model.bound_values(expr, scope)
            if len(values) == 1 and values[0] is not expr:
                return self._expects_probabilities(values[0], scope, depth + 1)
        return False

    def _logits_layer(
        self, receiver: cst.BaseExpression, scope: Scope | None, before: cst.CSTNode
    ) -> cst.Call | None:
        """The last layer of the model ``receiver`` holds when it is one whose activation
        defaults to none and is built without one (every construction ``receiver`` may hold
        agreeing); else None."""
        if scope is None:
            return None
        training = self.model.training
        found = [
            _last_linear_layer(self.model, construction, where, before)
            for construction, where in training.constructions(receiver, scope, 0)
        ]
        return found[0] if found and all(found) else None

    def _relu_layer(
        self, receiver: cst.BaseExpression, scope: Scope | None, before: cst.CSTNode
    ) -> cst.Call | None:
        """The last layer of the model ``receiver`` holds when it is a layer whose activation
        defaults to none built with a ReLU activation (every construction agreeing)."""
        if scope is None:
            return None
        found = []
        for construction, where in self.model.training.constructions(receiver, scope, 0):
            if added_before(self.model, construction, where, before):
                return None  # layers added after the list: its last element is not the last
            layer = last_layer(self.model, construction, where, before)
            found.append(
                layer if layer is not None and _relu_activation(self.model, layer) else None
            )
        return found[0] if found and all(found) else None

    def _predicted_by(
        self, expr: cst.BaseExpression, scope: Scope | None, depth: int
    ) -> cst.Call | None:
        """The logits layer of the model whose call gives ``expr`` (``model(x)``, or a name
        bound once to one)."""
        if depth > 3 or scope is None:
            return None
        if isinstance(expr, cst.Name):
            values = self.model.bound_values(expr, scope)
            if len(values) != 1 or values[0] is expr:
                return None
            where = self.model.binding_of(expr, scope).scope or scope
            return self._predicted_by(values[0], where, depth + 1)
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
            cls = self.model.enclosing_class(scope) if expr.func.value == "self" else None
            if cls is not None:  # `self(x, training=True)` in a Model subclass's train_step
                layer = subclass_last_layer(self.model, cls)
                activation = _layer_activation(self.model, layer) if layer else None
                return layer if activation is not None and activation[0] else None
        if isinstance(expr, cst.Call) and isinstance(expr.func, (cst.Name, cst.Attribute)):
            return self._logits_layer(expr.func, scope, expr)
        return None


class LogitsLossGivenProbabilities(Rule):
    id = "TF935"
    name = "logits-loss-given-probabilities"
    category = "api-misuse"
    severity = "error"
    message = (
        "a loss that takes logits is given probabilities (a softmax or sigmoid output): it "
        "applies the softmax again"
    )
    rationale = """
        The `tf.nn` cross entropies (`softmax_cross_entropy_with_logits`,
        `sparse_softmax_cross_entropy_with_logits`, `sigmoid_cross_entropy_with_logits`; the
        knowledge base's ops taking `labels` and `logits`) and a Keras crossentropy built with
        `from_logits=True` apply the softmax or sigmoid themselves. Given what a softmax or
        sigmoid already gave (the functions the knowledge base found giving them, such as
        `tf.nn.softmax`), they squash the probabilities a second time: it runs without error,
        the loss has a floor far above zero (under TF 2.21, 0.78 where the true cross-entropy
        is 0.05 on a fitted 4-class model) and its gradients shrink. Keras's own activations
        (a `Dense(..., activation="softmax")`, `keras.activations.softmax`) let a Keras loss
        recover the logits and are not reported there, but `tf.nn` never does. Reported for
        `logits=` given a probability op's result or the output of a model whose last layer
        ends in a softmax or sigmoid activation (a `Softmax()` layer, an `Activation("softmax")`
        layer), and for a `from_logits=True` Keras loss given a
        `tf` probability op's result. Pass the logits (drop the activation, or take the layer's
        input), or use a loss that takes probabilities.
    """
    requires_text = ("logits",)

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        scope = self.context.scope
        name = model.call_name(node)
        position = knowledge.logits_position(name)
        if position is not None:
            logits = argument(node, position, "logits")
            if logits is None:
                return
            found = self._probabilities(logits, scope, 0, keras_loss=False)
        else:
            predictions = argument(node, 1, "y_pred")
            if predictions is None or not self._logits_keras_loss(node, scope, 0):
                return
            found = self._probabilities(predictions, scope, 0, keras_loss=True)
        if found is None:
            return
        what, where = found
        self.report(
            node,
            f"this loss takes logits but is given {what}: it applies the activation a second "
            "time; pass the logits (or a loss that takes probabilities)",
            because=[(f"{what} here", where)],
        )

    def _logits_keras_loss(self, call: cst.Call, scope: Scope | None, depth: int) -> bool:
        """Whether ``call`` calls a Keras crossentropy with ``from_logits=True``: the function
        with it passed, or a loss object built with it."""
        model = self.model
        position = knowledge.from_logits_position(model.call_name(call), constructed=False)
        if position is not None:
            return _passed_true(call, position)
        target = call.func
        if not isinstance(target, cst.Name) or depth > 2:
            return False
        values = model.bound_values(target, scope)
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return False
        built = values[0]
        position = knowledge.from_logits_position(model.call_name(built), constructed=True)
        return position is not None and _passed_true(built, position)

    def _probabilities(
        self, expr: cst.BaseExpression, scope: Scope | None, depth: int, keras_loss: bool
    ) -> tuple[str, cst.CSTNode] | None:
        """(what, where) when ``expr`` holds probabilities the loss cannot undo: a probability
        op's result, or (for a ``tf.nn`` loss) a model's output whose last layer ends in a
        softmax or sigmoid."""
        model = self.model
        if depth > 3 or scope is None:
            return None
        if isinstance(expr, cst.Name):
            values = model.bound_values(expr, scope)
            if len(values) != 1 or values[0] is expr:
                return None
            where = model.binding_of(expr, scope).scope or scope
            return self._probabilities(values[0], where, depth + 1, keras_loss)
        if not isinstance(expr, cst.Call):
            return None
        op = knowledge.probability_op(model.call_name(expr))
        if op is not None:
            if keras_loss and op["keras_undoes"]:
                return None
            return f"probabilities (a {op['kind']}: `{code(expr.func)}`)", expr
        if keras_loss or not isinstance(expr.func, (cst.Name, cst.Attribute)):
            return None
        kinds = []
        for construction, where in model.training.constructions(expr.func, scope, 0):
            layer = last_layer(model, construction, where, expr)
            activation = _layer_activation(model, layer) if layer is not None else None
            kinds.append((activation[1], layer) if activation is not None else (None, None))
        if kinds and all(kind for kind, _ in kinds):
            kind, layer = kinds[0]
            return f"probabilities (the model's last layer ends in a {kind})", layer
        return None


def _passed_true(call: cst.Call, position: int) -> bool:
    value = argument(call, position, "from_logits")
    return isinstance(value, cst.Name) and value.value == "True"


def _left_false(call: cst.Call, position: int) -> bool:
    """Whether ``call`` leaves ``from_logits`` (at ``position``) False: not passed, or passed
    the literal False (a name or expression may be True; no claim)."""
    if any(a.star for a in call.args):
        return False
    value = argument(call, position, "from_logits")
    return value is None or (isinstance(value, cst.Name) and value.value == "False")


def _layer_activation(model: ModuleModel, layer: cst.Call) -> tuple[bool, str | None] | None:
    """What a layer whose activation defaults to none (``Dense``) ends with: (True, None) for
    no activation (logits), (False, kind) for a softmax or sigmoid ("softmax"), (False, None)
    for any other; None for a layer of another class. A ``Softmax()`` layer ends in a softmax;
    an ``Activation(...)`` layer in its activation when that is a softmax or sigmoid (a
    `linear` one passes on what it is given: `Activation("linear", dtype="float32")` after a
    softmax, mixed precision's cast, still gives probabilities)."""
    name = model.call_name(layer)
    if is_keras(name, "layers.Softmax"):
        return False, "softmax"
    if is_keras(name, "layers.Activation"):
        _, kind = _layer_activation_at(model, layer, 0)
        return (False, kind) if kind else None
    position = knowledge.linear_activation_position(name)
    if position is None:
        return None
    return _layer_activation_at(model, layer, position)


def _layer_activation_at(
    model: ModuleModel, layer: cst.Call, position: int
) -> tuple[bool, str | None]:
    """What the layer's ``activation`` argument (at ``position``) makes of its output."""
    activation = argument(layer, position, "activation")
    if activation is None or (isinstance(activation, cst.Name) and activation.value == "None"):
        return True, None
    if isinstance(activation, cst.SimpleString):
        name = activation.evaluated_value
        if name == "linear":
            return True, None
        return False, name if knowledge.probability_activation_name(name) else None
    op = knowledge.probability_op(model.qualified_name(activation))
    return False, op["kind"] if op is not None else None


def _relu_activation(model: ModuleModel, layer: cst.Call) -> bool:
    """Whether ``layer`` (one whose activation defaults to none, or an ``Activation``) is
    built with a ReLU activation (``"relu"``, ``tf.nn.relu``, ``keras.activations.relu``)."""
    name = model.call_name(layer)
    if is_keras(name, "layers.Activation"):
        position = 0
    else:
        position = knowledge.linear_activation_position(name)
        if position is None:
            return False
    activation = argument(layer, position, "activation")
    if isinstance(activation, cst.SimpleString):
        return activation.evaluated_value == "relu"
    if isinstance(activation, (cst.Name, cst.Attribute)):
        qualified = model.qualified_name(activation) or ""
        return qualified in ("tensorflow.nn.relu", "tensorflow.keras.activations.relu") or (
            is_keras(qualified, "activations.relu")
        )
    return False


def _last_linear_layer(
    model: ModuleModel, construction: cst.Call, scope: Scope, before: cst.CSTNode
) -> cst.Call | None:
    """The last layer of a model when it is one whose activation defaults to none (``Dense``)
    built without one; else None."""
    layer = last_layer(model, construction, scope, before)
    if layer is None:
        return None
    activation = _layer_activation(model, layer)
    return layer if activation is not None and activation[0] else None


# --- optimizer.minimize given a loss value ------------------------------------------------------

# Iterator-making builtins (one pass each); itertools' endless ones (cycle, count, repeat) are not.
_ITERATOR_CALLS = frozenset(
    {
        "builtins.iter",
        "builtins.zip",
        "builtins.map",
        "builtins.filter",
        "builtins.enumerate",
        "builtins.reversed",
        "itertools.chain",
        "itertools.islice",
        "itertools.zip_longest",
        "itertools.product",
        "itertools.permutations",
        "itertools.combinations",
    }
)


def _minimizing_optimizer(model: ModuleModel, scope: Scope | None, receiver: cst.BaseExpression):
    """("keras", name) when ``receiver`` holds a Keras 2 style optimizer whose ``minimize``
    exists (`tf.keras` under `TF_USE_LEGACY_KERAS=1`, `tf_keras`), ("v1", name) for a
    `tf.compat.v1.train` one; None for anything else (Keras 3's own `keras` package has no
    `minimize`: TF011's)."""
    values = [receiver] if isinstance(receiver, cst.Call) else model.bound_values(receiver, scope)
    for value in values:
        if not isinstance(value, cst.Call):
            continue
        name = model.call_name(value) or ""
        if name.startswith("tensorflow.compat.v1.train.") and name.endswith("Optimizer"):
            return "v1", name
        if keras_optimizer_class(name) and not name.startswith("keras."):
            return "keras", name
    return None


# `tf.compat.v1` APIs that only graph-mode code uses: a module with one runs its v1 optimizer in
# a graph (`disable_eager_execution` here or in the program that imports it).
_GRAPH_MODE_APIS = frozenset(
    {
        "placeholder",
        "placeholder_with_default",
        "Session",
        "InteractiveSession",
        "disable_eager_execution",
        "disable_v2_behavior",
        "global_variables_initializer",
        "get_default_graph",
    }
)


def _builds_graphs(model: ModuleModel) -> bool:
    """Whether the module calls a ``tf.compat.v1`` API only graph-mode code uses."""

    def compute() -> bool:
        for call in model.nodes_of(cst.Call):
            name = model.call_name(call) or ""
            if name.startswith("tensorflow.compat.v1.") and (
                name.rsplit(".", 1)[-1] in _GRAPH_MODE_APIS
            ):
                return True
        return False

    return model.memo(_builds_graphs, compute)


class MinimizeGivenLossValue(Rule):
    id = "TF936"
    call_names = frozenset({"minimize"})
    name = "minimize-given-loss-tensor"
    category = "api-misuse"
    severity = "error"
    message = (
        "`optimizer.minimize` is given a loss already computed (a tensor or a number): in TF2 "
        "it takes a callable that computes the loss, or the `tape=` that recorded it"
    )
    rationale = """
        TF2's `minimize(loss, var_list)` differentiates the loss itself, so it needs the
        computation, not its result: a callable it runs under its own tape, or (Keras 2
        optimizers) the `tape=` that recorded the loss. Given a value computed beforehand
        (eagerly, with NumPy, or by calling a `tf.function`) there is nothing to
        differentiate: a Keras 2 optimizer (`tf.keras` under `TF_USE_LEGACY_KERAS=1`,
        `tf_keras`, their `legacy` ones) raises `ValueError: tape is required when a Tensor
        loss is passed`, in eager and traced code alike, and a `tf.compat.v1.train` optimizer
        outside a graph raises `RuntimeError: loss passed to Optimizer.compute_gradients
        should be a function when eager execution is enabled` (TF 2.21). (Keras 3's
        optimizers have no `minimize`: TF011 reports that.) Pass a callable (`lambda:
        loss_fn(model(x), y)`), pass `tape=tape` from the `GradientTape` that computed the
        loss, or take `tape.gradient` and `apply_gradients`. Evidence required: the receiver
        is built in the module by such an optimizer's constructor, no `tape=` is passed, and
        the loss is a number, a NumPy value, a TF op's result, what a function of the module
        returns when that is one of these, or a name bound only to these. Not reported in TF1
        code, nor for a `tf.compat.v1` optimizer in traced code or in a module that uses
        graph-mode APIs (`tf.compat.v1.placeholder`, `Session`, `disable_eager_execution`): in
        a graph, its `minimize` differentiates a tensor loss, as it should. Two more forms of
        the same misreading of `minimize` are reported: a Keras 2 optimizer's `minimize(loss)`
        without `var_list`, which that signature requires (`TypeError: minimize() missing 1
        required positional argument: 'var_list'`; TF1 code expected it to return a training
        op to run later), and a loss function of the module that takes parameters (`def
        loss(x, y)`) passed as the callable: `minimize` calls it with no arguments
        (`TypeError: loss() missing 2 required positional arguments`), for Keras 2 and
        `tf.compat.v1.train` optimizers alike (TF 2.21); wrap it, `lambda: loss(x, y)`.
    """
    requires_text = ("minimize",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "minimize":
            return
        if any(a.star for a in node.args) or _keyword(node, "tape") is not None:
            return
        loss = argument(node, 0, "loss")
        if loss is None:
            return
        scope = self.context.scope
        found = _minimizing_optimizer(self.model, scope, func.value)
        if found is None:
            return
        kind, constructor = found
        if is_tf1_code(self.model):
            return
        if kind == "keras" and argument(node, 1, "var_list") is None:
            self.report(
                node,
                f"`{code(func)}` without `var_list`: a Keras 2 optimizer's `minimize(loss, "
                "var_list)` requires the variables to update (TypeError) and returns no step "
                "to call later; pass `var_list=` (the model's `trainable_variables`)",
                because=[(f"the optimizer: `{constructor.rsplit('.', 1)[-1]}`", func.value)],
            )
            return
        needs = self._loss_parameters(loss, scope)
        if needs:
            self.report(
                node,
                f"`{code(loss)}` takes {needs}, but `minimize` calls the loss with no "
                "arguments (TypeError); pass `lambda: ...` that calls it with the data",
                because=[(f"`{code(loss)}` is defined here", self._defined(loss, scope))],
            )
            return
        if kind == "v1" and (self.context.in_traced_code or _builds_graphs(self.model)):
            return  # in a graph, v1's minimize differentiates a tensor loss
        why = self._value(loss, scope, 0)
        if why is None:
            return
        what, where = why
        self.report(
            node,
            f"`{code(loss)}` is {what}, not a callable: `minimize` has nothing to "
            "differentiate and raises; pass `lambda: ...` that computes the loss, or "
            "`tape=` the GradientTape that recorded it",
            because=[
                (
                    f"the optimizer: `{constructor.rsplit('.', 1)[-1]}`, whose `minimize` "
                    "needs a callable loss or a tape",
                    func.value,
                ),
                (f"{what} here", where),
            ],
        )

    def _loss_function(self, loss: cst.BaseExpression, scope: Scope | None):
        """The module's function ``loss`` names (a plain function, not a method)."""
        if not isinstance(loss, cst.Name):
            return None
        binding = self.model.binding_of(loss, scope)
        if len(binding.sites) != 1 or binding.sites[0].kind != SiteKind.DEF:
            return None
        fn = self.model.function_of.get(binding.sites[0].node)
        return fn if fn is not None and fn.cls is None else None

    def _loss_parameters(self, loss: cst.BaseExpression, scope: Scope | None) -> str | None:
        """ "the parameters `x`, `y`" when the loss function needs arguments to be called."""
        fn = self._loss_function(loss, scope)
        if fn is None:
            return None
        params = fn.node.params
        required = [
            p.name.value
            for p in (*params.posonly_params, *params.params, *params.kwonly_params)
            if p.default is None
        ]
        if not required:
            return None
        shown = ", ".join(f"`{p}`" for p in required)
        return f"the parameter{'s' if len(required) > 1 else ''} {shown}"

    def _defined(self, loss: cst.BaseExpression, scope: Scope | None) -> cst.CSTNode:
        fn = self._loss_function(loss, scope)
        return fn.node.name if fn is not None else loss

    def _value(
        self, expr: cst.BaseExpression, scope: Scope | None, depth: int
    ) -> tuple[str, cst.CSTNode] | None:
        """(what, where) when ``expr`` is a computed value rather than a callable."""
        model = self.model
        if depth > 4:
            return None
        if isinstance(expr, (cst.Integer, cst.Float)):
            return "a number", expr
        if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
            return self._value(expr.expression, scope, depth + 1)
        if isinstance(expr, cst.BinaryOperation):
            return self._value(expr.left, scope, depth + 1) or self._value(
                expr.right, scope, depth + 1
            )
        if isinstance(expr, cst.Call):
            name = model.call_name(expr) or ""
            if name.startswith("numpy.") or name in ("builtins.float", "builtins.sum"):
                return "a Python or NumPy value", expr
            if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in (
                "numpy",
                "item",
            ):
                return "a Python or NumPy value", expr
            callee = model.callee(expr, scope)
            if callee is not None:
                returned = model.return_values(callee)
                if callee.is_generator or not returned:
                    return None
                whys = [self._value(r, callee, depth + 1) for r in returned]
                if all(whys):
                    return f"the value `{callee.name}` returns", expr
                return None
            if model.is_tensor(expr, scope):
                return "a tensor a TensorFlow op computed", expr
            if knowledge.returns(name) == "variable":
                return "a variable", expr
            return None
        if isinstance(expr, cst.Name):
            binding = model.binding_of(expr, scope)
            values = binding.known_values
            if not values:
                return None
            where = binding.scope or scope
            whys = [self._value(v, where, depth + 1) for v in values]
            return whys[-1] if all(whys) else None
        return None


# --- strategy.reduce without axis ---------------------------------------------------------------


def _distribution_strategy(
    model: ModuleModel, scope: Scope | None, receiver: cst.BaseExpression
) -> str | None:
    """The kind of strategy ``receiver`` holds: "v2", a TF2 ``tf.distribute`` one (its
    ``reduce`` requires ``axis``), "v1", a ``tf.compat.v1.distribute`` one (``axis=None`` by
    default), or None when the module does not show."""
    values = [receiver] if isinstance(receiver, cst.Call) else model.bound_values(receiver, scope)
    kinds = set()
    for value in values:
        if not isinstance(value, cst.Call):
            continue
        name = model.call_name(value) or ""
        if name.startswith("tensorflow.compat.v1.distribute."):
            kinds.add("v1")
        elif name.startswith("tensorflow.distribute.") and (
            name.endswith("Strategy") or name.endswith(".get_strategy")
        ):
            kinds.add("v2")
    if "v1" in kinds:
        return "v1"
    return "v2" if kinds else None


class StrategyReduceWithoutAxis(Rule):
    id = "TF937"
    call_names = frozenset({"reduce"})
    name = "strategy-reduce-without-axis"
    category = "api-misuse"
    severity = "error"
    message = (
        "`strategy.reduce(op, value)` without `axis`: a TF2 strategy's `reduce` requires it "
        "(TypeError)"
    )
    rationale = """
        `tf.distribute.Strategy.reduce(reduce_op, value, axis)` takes `axis` with no default in
        TF2 (`tf.compat.v1`'s strategies default it to `None`): called with the reduce op and
        the per-replica value only, it raises `TypeError: reduce() missing 1 required
        positional argument: 'axis'`, eagerly or while the distributed step is traced (TF 2.21,
        `MirroredStrategy`, `OneDeviceStrategy`, the default strategy of
        `tf.distribute.get_strategy()`). Pass `axis=None` to reduce across replicas only, or
        `axis=0` to reduce a per-example batch to one value too. Evidence required: the
        receiver is built by a `tf.distribute` strategy constructor or `get_strategy()` in the
        module, or, when the module does not show it, the first argument is a
        `tf.distribute.ReduceOp` (no other TF2 `reduce` takes one) and the module does not
        use a `tf.compat.v1` strategy or TF1 code.
    """
    requires_text = ("reduce",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "reduce":
            return
        if any(a.star for a in node.args) or len(node.args) != 2:
            return
        if any(a.keyword is not None and a.keyword.value == "axis" for a in node.args):
            return
        op = argument(node, 0, "reduce_op")
        if op is None or argument(node, 1, "value") is None:
            return
        kind = _distribution_strategy(self.model, self.context.scope, func.value)
        if kind == "v1" or is_tf1_code(self.model):
            return
        op_name = self.model.qualified_name(op) or ""
        reduce_op = op_name.startswith("tensorflow.distribute.ReduceOp.")
        if kind is None and not reduce_op:
            return
        if kind is None and self._uses_v1_strategy():
            return
        because = [(f"`{code(op)}`: a `tf.distribute` reduce op", op)] if reduce_op else []
        self.report(
            node,
            f"`{code(func)}` is given no `axis`: a TF2 strategy's `reduce` requires one and "
            "raises TypeError; pass `axis=None` (across replicas) or `axis=0` (the batch too)",
            because=because,
        )

    def _uses_v1_strategy(self) -> bool:
        return any(
            (self.model.call_name(c) or "").startswith("tensorflow.compat.v1.distribute.")
            for c in self.model.nodes_of(cst.Call)
        )


# --- a class's tf.function method exported unbound ----------------------------------------------


def _unbound_traced_method(
    model: ModuleModel, expr: cst.BaseExpression
) -> tuple[ClassInfo, FunctionInfo] | None:
    """``Cls.method`` read through a class of the module, when the method is a ``tf.function``
    with an ``input_signature`` that takes ``self``."""
    if not isinstance(expr, cst.Attribute) or not isinstance(expr.value, cst.Name):
        return None
    sites = model.binding_of(expr.value, model.scope_of(expr.value)).sites
    if not sites or any(s.kind != SiteKind.CLASS for s in sites):
        return None
    cls = model.classes.get(sites[-1].node)
    if cls is None:
        return None
    method = _method_of(model, cls, expr.attr.value)
    if method is None or not method.params:
        return None
    if any(
        isinstance(d.decorator, cst.Name) and d.decorator.value in ("staticmethod", "classmethod")
        for d in method.decorators
    ):
        return None
    decorator = tf_function_decorator(model, method)
    if decorator is None or not input_signature(decorator):
        return None
    return cls, method


class UnboundMethodAsSignature(Rule):
    id = "TF938"
    name = "unbound-method-as-signature"
    category = "api-misuse"
    severity = "error"
    message = (
        "a `tf.function` method read through its class (`Encoder.__call__`) is exported as a "
        "signature: it lacks `self`, and the export fails"
    )
    rationale = """
        A `tf.function` method read through its class (`Encoder.__call__`, not
        `encoder.__call__`) is the unbound function: nothing fills its `self`. Its
        `input_signature` describes the parameters after `self`, so tracing it, by
        `Encoder.__call__.get_concrete_function()` or by `tf.saved_model.save(..., signatures=
        Encoder.__call__)`, binds the first spec to `self` and finds the next parameter missing:
        `TypeError: Binding inputs to tf.function failed due to missing a required argument:
        'x'` (TF 2.21), and nothing is exported. Read the method through the instance being
        saved (`encoder.__call__`, or `encoder.__call__.get_concrete_function()`). Evidence
        required: the attribute is read through a class of the module, the method is its own
        or a module base's, takes `self` (no `staticmethod`), and is decorated with
        `tf.function(input_signature=...)`; it is given as `signatures=` (or a value of its
        dict) or has `get_concrete_function` called on it.
    """
    requires_text = ("signature",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "get_concrete_function":
            self._check(func.value)
        given = _keyword(node, "signatures")
        if given is None:
            return
        if isinstance(given.value, cst.Dict):
            for element in given.value.elements:
                if isinstance(element, cst.DictElement):
                    self._check(element.value)
        else:
            self._check(given.value)

    def _check(self, expr: cst.BaseExpression) -> None:
        found = _unbound_traced_method(self.model, expr)
        if found is None:
            return
        cls, method = found
        self.report(
            expr,
            f"`{code(expr)}` is read through the class: the `tf.function` has no `self`, so "
            f"its input signature binds to `self` and the export fails; read it through the "
            f"`{cls.name}` instance being saved",
            because=[
                (
                    f"`{cls.name}.{method.name}` is a `tf.function` with an input signature "
                    "that takes `self`",
                    method.node,
                )
            ],
        )


# --- tf.data.Dataset.from_generator ------------------------------------------------------------


def _from_generator(model: ModuleModel, call: cst.Call) -> cst.BaseExpression | None:
    """The callable given to ``tf.data.Dataset.from_generator``."""
    name = model.call_name(call) or ""
    if not name.endswith("data.Dataset.from_generator") or not name.startswith("tensorflow."):
        return None
    return argument(call, 0, "generator")


def _sequence_class(model: ModuleModel, cls: ClassInfo, depth: int = 0) -> bool:
    """Whether ``cls`` derives from Keras's ``utils.Sequence`` / ``PyDataset``."""
    if depth > 8:
        return False
    for base in cls.base_names:
        parent = model.module_classes.get(base or "")
        if parent is not None:
            if _sequence_class(model, parent, depth + 1):
                return True
        elif is_keras(
            base, "utils.Sequence", "utils.PyDataset", "data_utils.Sequence", "PyDataset"
        ):
            return True
    return False


def _does_something(fn: FunctionInfo) -> bool:
    """Whether ``fn``'s body is more than a docstring and ``pass``."""
    for statement in fn.node.body.body:
        if isinstance(statement, cst.SimpleStatementLine) and all(
            isinstance(s, cst.Pass)
            or (isinstance(s, cst.Expr) and isinstance(s.value, (cst.SimpleString, cst.Ellipsis)))
            for s in statement.body
        ):
            continue
        return True
    return False


class SequenceEpochHookBypassed(Rule):
    id = "TF939"
    call_names = frozenset({"from_generator"})
    name = "sequence-epoch-hook-bypassed-by-from-generator"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a Keras `Sequence` with an `on_epoch_end` is read through "
        "`Dataset.from_generator`: nothing calls `on_epoch_end`, so every epoch has the same "
        "order"
    )
    rationale = """
        Keras calls a `keras.utils.Sequence`'s (Keras 3: `PyDataset`'s) `on_epoch_end` only
        when the Sequence itself is given to `fit`. Wrapped in
        `tf.data.Dataset.from_generator` (a generator over `seq[i]`, `iter(seq)`), `fit` sees
        a `tf.data.Dataset` and the Sequence's hook is never called: the reshuffle (or the
        other per-epoch work) it does never happens, and every epoch reads the same order
        (TF 2.21, Keras 3.15 and tf-keras: 0 calls in 3 epochs, against 3 or 4 when the
        Sequence is given to `fit`). Give the Sequence to `fit` directly, or call
        `seq.on_epoch_end()` yourself at the end of each pass of the generator (or from a
        callback). Evidence required: the generator given to `from_generator` (a lambda or a
        function of the module) reads an instance of a class of the module that derives from
        `Sequence`/`PyDataset` and defines an `on_epoch_end` that does something, and no code
        of the module calls `on_epoch_end` on anything but `self`.
    """
    requires_text = ("on_epoch_end",)

    def visit_Call(self, node: cst.Call) -> None:
        given = _from_generator(self.model, node)
        if given is None:
            return
        scope = self.context.scope
        for name, where in self._names_read(given, scope):
            found = self._sequence_instance(name, where)
            if found is None:
                continue
            if self._hook_called_elsewhere():
                return
            cls, hook = found
            self.report(
                node,
                f"`{name.value}`, an instance of the Keras Sequence `{cls.name}`, is read through "
                "`from_generator`: Keras never calls its `on_epoch_end` then, so every epoch "
                "has the same order; give the Sequence to `fit`, or call `on_epoch_end()` "
                "after each pass",
                because=[
                    (f"`{cls.name}.on_epoch_end` is what each epoch skips", hook.node),
                    (f"`{name.value}` is read by the generator", name),
                ],
            )
            return

    def _names_read(self, given: cst.BaseExpression, scope: Scope | None):
        """The names the generator reads that it does not bind itself, each with its scope."""
        if isinstance(given, cst.Attribute) and isinstance(given.value, cst.Name):
            return [(given.value, scope)]  # `seq.__iter__`
        fn = self.model.function_referenced(given, scope)
        if fn is None:
            return []
        found = []

        def enter(node: cst.CSTNode) -> bool:
            if isinstance(node, cst.Attribute):  # `seq.order`: the attribute is no name read
                walk(node.value, enter)
                return False
            if isinstance(node, cst.Arg):  # `f(k=v)`: the keyword is no name read
                walk(node.value, enter)
                return False
            if isinstance(node, cst.Name):
                where = self.model.scope_of(node)
                binding = self.model.binding_of(node, where)
                if binding.scope is not None and binding.scope is not fn:
                    found.append((node, where))
            return True

        walk(fn.node.body, enter)
        return found

    def _sequence_instance(self, name: cst.Name, scope: Scope | None):
        values = self.model.binding_of(name, scope).known_values
        if not values or len(values) != 1 or not isinstance(values[0], cst.Call):
            return None
        made = values[0]
        if not isinstance(made.func, cst.Name):
            return None
        sites = self.model.binding_of(made.func, self.model.scope_of(made.func)).sites
        if not sites or any(s.kind != SiteKind.CLASS for s in sites):
            return None
        cls = self.model.classes.get(sites[-1].node)
        if cls is None or not _sequence_class(self.model, cls):
            return None
        hook = _method_of(self.model, cls, "on_epoch_end")
        if hook is None or not _does_something(hook):
            return None
        return cls, hook

    def _hook_called_elsewhere(self) -> bool:
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value == "on_epoch_end":
                receiver = func.value
                if isinstance(receiver, cst.Name) and receiver.value == "self":
                    continue
                if isinstance(receiver, cst.Call) and code(receiver.func) == "super":
                    continue
                return True
        return False


def _iterator_object(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """(what, where) when ``expr`` holds one iterator or generator object (made once)."""
    if depth > 4:
        return None
    if isinstance(expr, cst.GeneratorExp):
        return "a generator expression", expr
    if isinstance(expr, cst.Call):
        name = model.call_name(expr) or ""
        if name in _ITERATOR_CALLS:
            return f"an iterator made by `{code(expr.func)}(...)`", expr
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "as_numpy_iterator":
            return "an iterator made by `as_numpy_iterator()`", expr
        callee = model.callee(expr, scope)
        if callee is not None and callee.is_generator and callee.cls is None:
            return f"a generator object of `{callee.name}`", expr
        return None
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        values = binding.known_values
        if not values or len(values) != 1:
            return None
        return _iterator_object(model, values[0], binding.scope or scope, depth + 1)
    return None


class FromGeneratorSharedIterator(Rule):
    id = "TF941"
    call_names = frozenset({"from_generator"})
    name = "from-generator-shared-iterator"
    category = "api-misuse"
    severity = "error"
    message = (
        "`Dataset.from_generator` is given a callable that returns one iterator made "
        "beforehand: the second pass (epoch) over the dataset finds it exhausted"
    )
    rationale = """
        `tf.data.Dataset.from_generator(gen_fn, ...)` calls `gen_fn` again for every pass over
        the dataset (each epoch of `fit`, each `for` loop) so that each pass gets a fresh
        generator. A `gen_fn` that hands back the same iterator each time (`lambda: it` with
        `it = iter(data)` or `it = make_batches()` made once, or a function that returns, or
        loops over, such an object) gives the first pass everything and every later pass
        nothing: the second epoch has no data (TF 2.21: 4, 0, 0 elements in three passes;
        Keras's `fit` warns that the input ran out of data). Make the iterator inside the
        callable (`lambda: make_batches()`, or pass the generator function itself). Evidence
        required: the callable given to `from_generator` is a lambda, or a function of the
        module, whose body is (or returns, `yield from`s or loops over) a name bound once
        outside it to a generator object of a module function, a generator expression, or an
        iterator made by `iter`, `zip`, `map`, `filter`, `enumerate`, `reversed`, one-pass
        `itertools` or `as_numpy_iterator()`.
    """
    requires_text = ("from_generator",)

    def visit_Call(self, node: cst.Call) -> None:
        given = _from_generator(self.model, node)
        if given is None:
            return
        scope = self.context.scope
        fn = self.model.function_referenced(given, scope)
        if fn is None or fn.params:
            return
        for read in self._passes_over(fn):
            found = _iterator_object(self.model, read, self.model.scope_of(read))
            if found is None:
                continue
            binding = self.model.binding_of(read, self.model.scope_of(read))
            if binding.scope is fn:
                continue  # made inside the callable: a fresh one each pass
            what, where = found
            self.report(
                node,
                f"the generator callable hands out `{read.value}`, {what} made once: the "
                "first pass over the dataset exhausts it and every later pass (epoch) is "
                "empty; make the iterator inside the callable",
                because=[(f"`{read.value}` is {what}, made once here", where)],
            )
            return

    def _passes_over(self, fn: FunctionInfo) -> list[cst.Name]:
        """The names whose object ``fn`` returns, ``yield from``s or loops over at its top."""
        body = fn.node.body
        if isinstance(body, cst.BaseExpression):  # a lambda
            if isinstance(body, cst.Call) and self.model.call_name(body) == "builtins.iter":
                body = body.args[0].value if len(body.args) == 1 else body
            return [body] if isinstance(body, cst.Name) else []
        found = []
        for statement in body.body:
            if isinstance(statement, cst.For) and isinstance(statement.iter, cst.Name):
                found.append(statement.iter)
            elif isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    value = None
                    if isinstance(small, cst.Return):
                        value = small.value
                    elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Yield):
                        item = small.value.value
                        value = item.item if isinstance(item, cst.From) else None
                    if isinstance(value, cst.Name):
                        found.append(value)
        return found


# --- signature functions: keyword arguments only -----------------------------------------------


def _signature_map(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether ``expr`` is a SavedModel's signature map: ``x.signatures``, or a name that only
    ever holds one."""
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
        return bool(values) and all(_signature_map(model, v, None) for v in values)
    return isinstance(expr, cst.Attribute) and expr.attr.value == "signatures"


def _signature_function(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """("saved", node) when ``expr`` is a SavedModel signature function (``x.signatures[key]``,
    ``x.signatures.get(key)``), ("lite", node) when a TFLite signature runner
    (``interpreter.get_signature_runner(...)``); through names (or ``self.<attr>``) whose every
    assignment is one."""
    if depth > 4:
        return None
    if isinstance(expr, cst.Subscript):
        if _signature_map(model, expr.value, scope):
            return "saved", expr
        return None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method == "get" and _signature_map(model, expr.func.value, scope):
            return "saved", expr
        if method == "get_signature_runner":
            return "lite", expr
        return None
    if isinstance(expr, cst.Name) or (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and expr.value.value == "self"
    ):
        if isinstance(expr, cst.Name):
            binding = model.binding_of(expr, scope)
            values = binding.known_values
            where = binding.scope or scope
        else:
            values = model.bound_values(expr, scope)
            where = scope
        if not values:
            return None
        found = [_signature_function(model, v, where, depth + 1) for v in values]
        if any(f is None for f in found) or len({f[0] for f in found}) != 1:  # type: ignore[index]
            return None
        return found[0]
    return None


class SignatureCalledWithPositionalArguments(Rule):
    id = "TF942"
    name = "signature-called-with-positional-arguments"
    category = "api-misuse"
    severity = "error"
    message = (
        "a SavedModel signature function (or a TFLite signature runner) is called with "
        "positional arguments: it takes its inputs by keyword only, so the call fails"
    )
    rationale = """
        A SavedModel's signature functions (`loaded.signatures["serving_default"]`, from
        `tf.saved_model.load` or a Keras `export`) take their inputs by name: a SignatureDef's
        inputs are an unordered map, so TensorFlow makes every signature with more than one
        input keyword-only, and lets one positional argument through only when the signature
        has a single input (`signature_serialization.py`). Two or more positional arguments
        always fail: `TypeError: Binding inputs to tf.function failed due to too many
        positional arguments ... for signature: (*, a, b)` (TF 2.21, a two-input Keras model
        exported and reloaded). A TFLite `SignatureRunner`
        (`interpreter.get_signature_runner()`) takes keyword arguments only, even for one
        input: `TypeError: SignatureRunner.__call__() takes 1 positional argument but 2 were
        given`. Call them with the input names as keywords (`infer(a=x, b=y)`; the names are
        in `infer.structured_input_signature` or `interpreter.get_signature_list()`).
        Evidence required: the function called is `X.signatures[key]`, `X.signatures.get(key)`
        or `X.get_signature_runner(...)`, directly or through a name (or `self.<attr>`) every
        assignment of which is one; a signature function is given two or more positional
        arguments (no `*args`), a signature runner one or more.
    """
    requires_text = ("signature",)

    def visit_Call(self, node: cst.Call) -> None:
        positional = [a for a in node.args if a.keyword is None]
        if not positional or any(a.star for a in node.args if a.keyword is None):
            return
        found = _signature_function(self.model, node.func, self.context.scope)
        if found is None:
            return
        what, where = found
        if what == "saved" and len(positional) < 2:
            return  # a signature with one input takes one positional argument
        if what == "saved":
            text = (
                f"the signature function is called with {len(positional)} positional "
                "arguments: a SavedModel signature with more than one input takes its inputs "
                "by keyword only, so the call fails; pass each input by its name "
                "(`structured_input_signature` lists them)"
            )
            why = "a SavedModel signature function, read here"
        else:
            text = (
                "the TFLite signature runner is called with positional arguments: it takes "
                "its inputs by keyword only, so the call fails; pass each input by its name "
                "(`get_signature_list()` lists them)"
            )
            why = "a TFLite signature runner, made here"
        because = [] if where is node.func else [(why, where)]
        self.report(node, text, because=because)


def _traced_without_signature(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[str, cst.CSTNode] | None:
    """(name, where) when ``expr`` is a ``tf.function`` with no ``input_signature``, not a
    concrete function: a decorated function or method of the module read through a name, an
    instance or ``self``, a ``tf.function(f)`` call, or a name bound only to one."""
    if isinstance(expr, cst.Call):
        if is_tf_function_call(model, expr) and not input_signature(expr):
            return code(expr.func), expr
        return None
    fn: FunctionInfo | None = None
    if isinstance(expr, cst.Attribute):
        fn = model.function_referenced(expr, scope)
        if fn is None:
            cls = model.instance_of(expr.value, scope)
            fn = _method_of(model, cls, expr.attr.value) if cls is not None else None
    elif isinstance(expr, cst.Name):
        fn = model.function_referenced(expr, scope)
        if fn is None:
            values = model.binding_of(expr, scope).known_values
            if values and len(values) == 1 and isinstance(values[0], cst.Call):
                return _traced_without_signature(model, values[0], scope)
            return None
    if fn is None:
        return None
    decorator = tf_function_decorator(model, fn)
    if decorator is None or input_signature(decorator):
        return None
    return fn.qualname, decorator


class SignatureWithoutInputSignature(Rule):
    id = "TF943"
    name = "signature-without-input-signature"
    category = "api-misuse"
    severity = "error"
    message = (
        "a `tf.function` with no `input_signature` is exported as a SavedModel signature: "
        "only a concrete function or one with an input signature can be, and the save fails"
    )
    rationale = """
        A SavedModel signature has fixed input types and shapes, so `tf.saved_model.save(obj,
        path, signatures=...)` takes a concrete function (`f.get_concrete_function(spec)`) or
        a `tf.function` whose `input_signature` fixes them (the `tf.saved_model.save` API
        page). A `tf.function` without one is polymorphic: the save fails whatever calls it
        has traced before, `ValueError: Expected a TensorFlow function for which to generate a
        signature, but got <...Function ...>. Only tf.functions with an input signature or
        concrete functions can be used as a signature.` (TF 2.21). Pass
        `obj.f.get_concrete_function(tf.TensorSpec(...))`, or give the decorator an
        `input_signature`. Evidence required: the value of `signatures=` (or of its dict) is
        a function or method of the module decorated with `tf.function` with no
        `input_signature` (read through a name, an instance of a module class or `self`), a
        `tf.function(f)` call without one, or a name bound only to such a call.
    """
    requires_text = ("signatures",)

    def visit_Call(self, node: cst.Call) -> None:
        given = _keyword(node, "signatures")
        if given is None:
            return
        values = (
            [e.value for e in given.value.elements if isinstance(e, cst.DictElement)]
            if isinstance(given.value, cst.Dict)
            else [given.value]
        )
        for value in values:
            found = _traced_without_signature(self.model, value, self.context.scope)
            if found is None:
                continue
            name, where = found
            self.report(
                value,
                f"`{code(value)}` is a `tf.function` with no `input_signature`: a signature "
                "needs fixed input types, so the save fails; pass "
                f"`{code(value)}.get_concrete_function(tf.TensorSpec(...))` or give the "
                "decorator an `input_signature`",
                because=[(f"`{name}` is traced with no `input_signature`", where)],
            )


# --- tf.distribute: a model's variables belong in the strategy's scope -------------------------


def _strategy_scope(model: ModuleModel, item: cst.WithItem) -> bool:
    """Whether a ``with`` item is ``<strategy>.scope()`` of a ``tf.distribute`` strategy made
    in the module (``tf.distribute.MirroredStrategy()``, a TPU or multi-worker one)."""
    call = item.item
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
        return False
    if call.func.attr.value != "scope" or call.args:
        return False
    owner = call.func.value
    made = owner
    if isinstance(owner, cst.Name):
        values = model.binding_of(owner, model.scope_of(owner)).known_values
        if not values or len(values) != 1:
            return False
        made = values[0]
    if not isinstance(made, cst.Call):
        return False
    name = model.call_name(made) or ""
    return name.startswith("tensorflow.distribute.") and name.endswith("Strategy")


class ModelOutsideStrategyScope(Rule):
    id = "TF946"
    name = "model-made-outside-strategy-scope"
    category = "api-misuse"
    severity = "error"
    message = (
        "a Keras model made outside `strategy.scope()` is compiled (or given an optimizer) "
        "inside it: its variables are not the strategy's, and training fails"
    )
    rationale = """
        A `tf.distribute` strategy (`MirroredStrategy`, `TPUStrategy`,
        `MultiWorkerMirroredStrategy`) places and mirrors the variables created in its
        `scope()`: all variable creation belongs there (the `tf.distribute.MirroredStrategy`
        API page), so the model, its optimizer and its metrics are made there, then compiled. A model made before the `with strategy.scope():` block
        and only compiled inside it has its variables (or, unbuilt, its layers) outside the
        strategy, while the optimizer is the strategy's: `fit` fails when the optimizer
        builds its slots, `RuntimeError: Need to be inside "with strategy.scope()" for
        <...MirroredStrategy ...>` (TF 2.21, Keras 3.15: a built Sequential, a functional
        model and an unbuilt Sequential alike; made and compiled outside, it trains, on one
        device). Make the model inside the scope too (`with strategy.scope(): model =
        build_model(); model.compile(...)`). Evidence required: `model.compile(...)` runs in
        a `with S.scope():` block, `S` a `tf.distribute` strategy the module makes, and every
        assignment of `model` is a Keras model made outside any `with ... .scope():` block.
        The custom-loop form is the same mistake: an optimizer made inside the scope
        (`opt = Adam()`) whose `apply_gradients(zip(grads, model.trainable_variables))` takes
        the variables of such a model fails inside `strategy.run` (TF 2.21 with two devices:
        Keras 3 an `AssertionError` in its distributed update step, tf-keras `ValueError:
        colocate_vars_with must only be passed a variable created in this
        tf.distribute.Strategy.scope()`); reported where the model is made.
    """
    requires_text = ("scope",)

    def visit_With(self, node: cst.With) -> None:
        if not any(_strategy_scope(self.model, item) for item in node.items):
            return
        scopes = self._scope_blocks()

        def enter(child: cst.CSTNode) -> bool:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False
            if isinstance(child, cst.Call):
                self._check(child, scopes)
            if isinstance(child, cst.Assign):
                self._check_optimizer(child, scopes)
            return True

        walk(node.body, enter)

    def _check_optimizer(self, assign: cst.Assign, scopes: set[int]) -> None:
        """``opt = Adam()`` inside the scope, and a custom loop's
        ``opt.apply_gradients(zip(grads, model.trainable_variables))`` for a model made
        outside every scope: the same mistake without `compile`."""
        model = self.model
        made = assign.value
        if not (
            len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(made, cst.Call)
            and knowledge.class_kind(model.call_name(made)) == "optimizer"
        ):
            return
        name = assign.targets[0].target.value
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not (
                isinstance(func, cst.Attribute)
                and func.attr.value == "apply_gradients"
                and isinstance(func.value, cst.Name)
                and func.value.value == name
                and made in (model.binding_of(func.value).known_values or ())
            ):
                continue
            pairs = call.args[0].value if call.args else None
            if not (isinstance(pairs, cst.Call) and len(pairs.args) == 2):
                continue
            variables = pairs.args[1].value
            if not (
                isinstance(variables, cst.Attribute)
                and variables.attr.value in ("trainable_variables", "trainable_weights")
                and isinstance(variables.value, cst.Name)
            ):
                continue
            owner = variables.value
            binding = model.binding_of(owner, model.scope_of(owner))
            values = binding.known_values
            if not values or any(id(s.node) in scopes for s in binding.sites):
                continue
            where = binding.scope or model.scope_of(owner)
            if any(
                (kind := model.kind_of(v, where)) is None or kind.kind != "model" or not kind.keras
                for v in values
            ):
                continue
            self.report(
                binding.sites[0].node,
                f"`{owner.value}` is made outside `strategy.scope()`, but its optimizer "
                f"`{name}` inside it: the distributed step cannot place the optimizer's slots "
                f"beside `{owner.value}`'s variables, and applying gradients fails; make the "
                "model inside the scope too",
                because=[
                    (f"`{name}` is made inside the scope", made),
                    (f"and updates `{owner.value}`'s variables here", call),
                ],
            )
            return

    def _scope_blocks(self) -> set[int]:
        """The nodes inside any ``with ... .scope():`` block of the module."""
        inside: set[int] = set()
        for with_node in self.model.nodes_of(cst.With):
            if any(
                isinstance(i.item, cst.Call)
                and isinstance(i.item.func, cst.Attribute)
                and i.item.func.attr.value == "scope"
                for i in with_node.items
            ):
                walk(with_node.body, lambda n: inside.add(id(n)) or True)
        return inside

    def _check(self, call: cst.Call, scopes: set[int]) -> None:
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "compile":
            return
        receiver = func.value
        if not isinstance(receiver, cst.Name):
            return
        scope = self.model.scope_of(receiver)
        binding = self.model.binding_of(receiver, scope)
        sites = binding.sites
        values = binding.known_values
        if not values or any(id(s.node) in scopes for s in sites):
            return
        where = binding.scope or scope
        for value in values:
            kind = self.model.kind_of(value, where)
            if kind is None or kind.kind != "model" or kind.keras is None:
                return
        self.report(
            call,
            f"`{receiver.value}` is made outside `strategy.scope()` but compiled inside it: "
            "its variables are not the strategy's, and `fit` fails; make the model inside "
            "the scope too",
            because=[(f"`{receiver.value}` is made here, outside the scope", sites[0].node)],
        )


# --- SavedModel: a tf.function exported with no traced call is not callable after loading -----


class UntracedFunctionCalledAfterLoad(Rule):
    id = "TF947"
    name = "untraced-function-called-after-load"
    category = "api-misuse"
    severity = "error"
    message = (
        "a `tf.function` method with no `input_signature`, never called before the save, is "
        "called on the loaded SavedModel: nothing of it was saved, so the call fails"
    )
    rationale = """
        `tf.saved_model.save` saves the concrete functions a `tf.function` has traced so far;
        a `tf.function` without an `input_signature` that was never called (nor given to
        `get_concrete_function`) before the save has none, and "will not be directly
        callable in the restored SavedModel" (the `tf.saved_model.save` API page): calling it
        on what `tf.saved_model.load` gives fails, `ValueError: Found zero restored functions
        for caller function.` (TF 2.21). Give the method an `input_signature`, or trace it
        before saving (call it once, or `obj.f.get_concrete_function(tf.TensorSpec(...))`).
        Evidence required: a method of a module class is decorated with `tf.function` with
        no `input_signature`; an instance of that class is given to `tf.saved_model.save`; no
        code of the module calls the method (or its `get_concrete_function`) through anything
        but the loaded object; and the method is called on a name bound only to
        `tf.saved_model.load(...)`.
    """
    requires_text = ("saved_model",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return
        scope = self.context.scope
        values = self.model.binding_of(func.value, scope).known_values
        if not values or not all(
            isinstance(v, cst.Call) and self.model.call_name(v) == "tensorflow.saved_model.load"
            for v in values
        ):
            return
        method = func.attr.value
        found = self._saved_untraced(method)
        if found is None:
            return
        cls, fn = found
        self.report(
            node,
            f"`{cls.name}.{method}` is a `tf.function` with no `input_signature` that nothing "
            "called before the save: the SavedModel holds no function for it, so this call "
            "fails; give it an `input_signature` or trace it before saving",
            because=[(f"`{cls.name}.{method}` is traced with no `input_signature`", fn.node)],
        )

    def _saved_untraced(self, method: str) -> tuple[ClassInfo, FunctionInfo] | None:
        saved: list[ClassInfo] = []
        for call in self.model.nodes_of(cst.Call):
            if self.model.call_name(call) != "tensorflow.saved_model.save" or not call.args:
                continue
            given = call.args[0].value
            where = self.model.scope_of(given) if isinstance(given, cst.Name) else None
            cls = self.model.instance_of(given, where)
            if cls is not None:
                saved.append(cls)
        for cls in saved:
            fn = _method_of(self.model, cls, method)
            if fn is None:
                continue
            decorator = tf_function_decorator(self.model, fn)
            if decorator is None or input_signature(decorator):
                continue
            if self._traced_before(method):
                return None
            return cls, fn
        return None

    def _traced_before(self, method: str) -> bool:
        """Whether any code calls ``.method(...)`` or ``.method.get_concrete_function`` on
        something other than what ``tf.saved_model.load`` gives."""
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if not isinstance(func, cst.Attribute):
                continue
            if func.attr.value == "get_concrete_function":
                inner = func.value
                if isinstance(inner, cst.Attribute) and inner.attr.value == method:
                    return True
            if func.attr.value != method:
                continue
            owner = func.value
            if isinstance(owner, cst.Name):
                values = self.model.binding_of(owner, self.model.scope_of(owner)).known_values
                if values and all(
                    isinstance(v, cst.Call)
                    and self.model.call_name(v) == "tensorflow.saved_model.load"
                    for v in values
                ):
                    continue
            return True
        return False


# --- tf.data: a window is a dataset, flattened with flat_map -----------------------------------

# Dataset methods whose result has the elements of their receiver (a window stays a window)
_ELEMENT_KEEPING = frozenset(
    {"shuffle", "repeat", "prefetch", "cache", "take", "skip", "shard", "filter", "with_options"}
)
_DATASET_SOURCES = frozenset(
    {
        "tensorflow.data.Dataset.from_tensor_slices",
        "tensorflow.data.Dataset.from_tensors",
        "tensorflow.compat.v2.data.Dataset.from_tensor_slices",
        "tensorflow.compat.v2.data.Dataset.from_tensors",
    }
)


def _window_call(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The ``ds.window(...)`` whose windows ``expr`` holds, unflattened: the call itself, an
    element-keeping method of it (``shuffle``, ``repeat``...), or a name bound only to one."""
    if depth > 8:
        return None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method == "window" and model.is_dataset(expr.func.value):
            return expr
        if method in _ELEMENT_KEEPING:
            return _window_call(model, expr.func.value, scope, depth + 1)
        return None
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        found = [
            _window_call(model, v, model.scope_of(expr), depth + 1)
            for v in values
            if isinstance(v, cst.Call)
        ]
        if values and len(found) == len(values) and all(found):
            return found[0]
    return None


def element_structure(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Tuple | cst.Dict | None:
    """The tuple or dict display a dataset's elements are shaped like, as far as the module
    shows: what ``from_tensor_slices``/``from_tensors``/``zip`` were given, what a ``map``
    function returns, through element-keeping methods and names."""
    if depth > 8:
        return None
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        found = [element_structure(model, v, model.scope_of(expr), depth + 1) for v in values]
        if values and all(found) and len({type(f) for f in found}) == 1:
            return found[0]
        return None
    if not isinstance(expr, cst.Call) or not expr.args:
        return None
    name = model.call_name(expr)
    given = expr.args[0].value
    if name in _DATASET_SOURCES or (name or "").endswith("data.Dataset.zip"):
        if name is not None and name.endswith("zip") and len(expr.args) > 1:
            return cst.Tuple([cst.Element(a.value) for a in expr.args])
        if isinstance(given, cst.Name):
            values = model.bound_values(given, scope)
            given = values[0] if len(values) == 1 else given
        if isinstance(given, cst.Tuple):
            return given
        if isinstance(given, cst.Dict):
            return given
        return None
    if not isinstance(expr.func, cst.Attribute):
        return None
    method = expr.func.attr.value
    if method in _ELEMENT_KEEPING or method in ("batch", "padded_batch", "unbatch"):
        return element_structure(model, expr.func.value, scope, depth + 1)
    if method == "map" and model.is_dataset(expr.func.value):
        fn = model.function_referenced(given, scope)
        returned = model.return_values(fn) if fn is not None else []
        if returned and all(isinstance(r, cst.Tuple) for r in returned):
            return returned[0]
        if returned and all(isinstance(r, cst.Dict) for r in returned):
            return returned[0]
    return None


def _positional_range(fn: FunctionInfo) -> tuple[int, int | None] | None:
    """How many positional arguments ``fn`` accepts: (required, most; None for ``*args``)."""
    params = getattr(fn.node, "params", None)
    if not isinstance(params, cst.Parameters) or fn.cls is not None:
        return None
    positional = [*params.posonly_params, *params.params]
    required = sum(1 for p in positional if p.default is None)
    most = None if isinstance(params.star_arg, cst.Param) else len(positional)
    return required, most


class WindowNotFlattened(Rule):
    id = "TF948"
    name = "dataset-window-not-flattened"
    category = "api-misuse"
    severity = "error"
    message = (
        "`Dataset.window` gives a dataset of datasets: batched, fed to Keras or flattened "
        "with a function of the wrong shape, its windows are not tensors"
    )
    rationale = """
        `Dataset.window(size, shift, ...)` returns a dataset whose elements are themselves
        datasets, one per window: "you must flatten it with `flat_map`" (the
        `tf.data.Dataset.window` API page), `ds.window(n, 1, drop_remainder=True)
        .flat_map(lambda w: w.batch(n))`. Batched straight away, the batches hold nested
        dataset variants, not tensors: any op on them fails (`TypeError: '_NestedVariant'
        object is not subscriptable`, `unsupported operand type(s) for +: '_NestedVariant'
        and 'int'`, TF 2.21), and `model.fit` on them, or on the windows themselves, fails
        with `ValueError: Only input tensors may be passed as positional arguments`. For a
        dataset of tuples or dicts, a window is a tuple or dict of datasets, one per
        component (the same page): `flat_map` calls its function with the tuple unpacked,
        so `flat_map(lambda window: window.batch(n))` fails, `TypeError: <lambda>() takes 1
        positional argument but 2 were given`; take one parameter per component and batch
        and zip them, `flat_map(lambda x, y: tf.data.Dataset.zip((x.batch(n),
        y.batch(n))))`. Evidence required: a `window` call on a dataset (through
        `shuffle`, `repeat`, `prefetch`, `cache`, `take`, `skip`, `filter`, `shard`, or
        names bound only to such a chain) is batched, or passed to `fit`, `evaluate` or
        `predict`; or is given to `flat_map` a function whose positional parameters cannot
        take the tuple its elements are (as `from_tensor_slices`, `from_tensors`, `zip` or
        a `map` function's tuple display shows), or a one-parameter function calling
        `.batch` on its parameter for dict elements.
    """
    requires_text = ("window",)
    call_names = frozenset({"batch", "padded_batch", "fit", "evaluate", "predict", "flat_map"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        scope = self.context.scope
        if method in ("batch", "padded_batch"):
            window = _window_call(self.model, func.value, scope)
            if window is not None:
                self._report_unflattened(node, window, f"batched with `{method}`")
        elif method in ("fit", "evaluate", "predict") and node.args:
            first = node.args[0]
            if first.keyword is not None and first.keyword.value != "x":
                return
            window = _window_call(self.model, first.value, scope)
            if window is not None:
                self._report_unflattened(first.value, window, f"given to `{method}`")
        elif method == "flat_map" and node.args:
            self._check_flat_map(node, scope)

    def _report_unflattened(self, node: cst.CSTNode, window: cst.Call, how: str) -> None:
        self.report(
            node,
            f"the windows of `{code(window)}` are datasets, {how} unflattened: its elements "
            "are nested dataset variants, not tensors; flatten the windows first, "
            "`.flat_map(lambda w: w.batch(size))`",
            because=[("`Dataset.window` gives a dataset whose elements are datasets", window)],
        )

    def _check_flat_map(self, node: cst.Call, scope: Scope | None) -> None:
        func = node.func
        window = _window_call(self.model, func.value, scope)
        if window is None:
            return
        source = window.func.value
        structure = element_structure(self.model, source, scope)
        if structure is None:
            return
        fn = self.model.function_referenced(node.args[0].value, scope)
        accepts = _positional_range(fn) if fn is not None else None
        if fn is None or accepts is None:
            return
        required, most = accepts
        if isinstance(structure, cst.Tuple):
            count = len(structure.elements)
            if any(isinstance(e, cst.StarredElement) for e in structure.elements):
                return
            if required <= count and (most is None or count <= most):
                return
            shape = f"a tuple of {count} datasets, passed as {count} arguments"
            fix = "tf.data.Dataset.zip((x.batch(n), y.batch(n)))"
        else:
            if required != 1 or most != 1 or not fn.params:
                return
            param = fn.params[0]
            if not any(
                isinstance(c, cst.Call)
                and isinstance(c.func, cst.Attribute)
                and c.func.attr.value in ("batch", "padded_batch")
                and isinstance(c.func.value, cst.Name)
                and c.func.value.value == param
                for c in self.model.calls_made_by(fn)
            ):
                return
            shape = "a dict of datasets, one per key, which has no `batch`"
            fix = "tf.data.Dataset.zip({k: d.batch(n) for k, d in w.items()})"
        self.report(
            node.args[0].value,
            f"a window of these elements is {shape}: `{code(node.args[0].value)}` cannot take "
            f"it; batch each component and zip them, `{fix}`",
            because=[
                ("the dataset's elements are shaped like this", structure),
                ("`Dataset.window` gives one dataset per component of an element", window),
            ],
        )


# --- a Keras layer or model called on a tf.data pipeline --------------------------------------


def _known_dataset(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether the module shows ``expr`` holds a tf.data dataset: its kind, a dataset call
    chain, or a name every value of which is one (not a dataset-like name alone)."""
    kind = model.kind_of(expr, scope)
    if kind is not None:
        return kind.kind == "dataset"
    if isinstance(expr, cst.Call):
        return model.is_dataset(expr)
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        return bool(values) and all(isinstance(v, cst.Call) and model.is_dataset(v) for v in values)
    return False


class KerasCalledOnDataset(Rule):
    id = "TF949"
    name = "keras-layer-called-on-dataset"
    category = "api-misuse"
    severity = "error"
    message = "a Keras layer or model is called on a `tf.data.Dataset`: it takes tensors"
    rationale = """
        Calling a Keras layer or model runs it on tensors (or arrays) it converts to tensors;
        a `tf.data.Dataset` is a pipeline, not a tensor, and the call fails: `ValueError:
        Only input tensors may be passed as positional arguments. The following argument
        value should be passed as a keyword argument: <_MapDataset ...>` (Keras 3.15, a
        `Dense` layer or a model), `Failed to convert a NumPy array to a Tensor
        (Unsupported object type _MapDataset)` (a `StringLookup` built from a vocabulary),
        and `Attempt to convert a value (<_MapDataset ...>) ... to a Tensor` with tf-keras.
        Apply the layer to each element instead, `dataset.map(lambda x: layer(x))` (the
        Keras preprocessing layers guide applies a layer to a pipeline as
        `dataset.map(lambda x, y: (layer(x), y))`), or give
        the dataset to `model.predict`/`fit`, which iterate it. Evidence required: the
        callee is a Keras layer or model by its construction (a built-in class, or a Keras 3
        subclass), and its first argument is a dataset by what the module shows (a tf.data
        call chain, or a name bound only to one), not by its name alone.
    """
    requires_text = ("data",)

    def visit_Call(self, node: cst.Call) -> None:
        if not node.args or node.args[0].keyword is not None or node.args[0].star:
            return
        func = node.func
        if not isinstance(func, (cst.Name, cst.Attribute, cst.Call)):
            return
        model, scope = self.model, self.context.scope
        if model.call_name(node) is not None or model.function_referenced(func, scope):
            return  # an imported name (a class or function) or a function of the module
        kind = model.kind_of(func, scope)
        if kind is None or kind.kind not in ("layer", "model"):
            return
        if kind.subclass is not None and kind.keras != 3:
            return  # a tf-keras subclass's own __call__ may take anything
        given = node.args[0].value
        if not _known_dataset(model, given, scope):
            return
        self.report(
            node,
            f"`{code(given)}` is a `tf.data.Dataset`, and a Keras {kind.kind} takes tensors: "
            f"this call fails; apply it to each element, `{code(given)}.map(lambda x: "
            f"{code(func)}(x))`",
            because=[(f"this is a Keras {kind.kind}: {kind.why}", func)],
        )


# --- convert_image_dtype on a float image --------------------------------------------------

_FLOAT_DTYPES = frozenset({"float16", "float32", "float64", "bfloat16", "half", "double"})


def _float_dtype(model: ModuleModel, expr: cst.BaseExpression | None) -> bool:
    """Whether ``expr`` names a TensorFlow float dtype (`tf.float32`, `"float32"`)."""
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value in _FLOAT_DTYPES
    if isinstance(expr, (cst.Name, cst.Attribute)):
        qualified = model.qualified_name(expr) or ""
        return qualified.startswith("tensorflow.") and qualified.rpartition(".")[2] in _FLOAT_DTYPES
    return False


def _call_argument(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in positional[: position + 1]):
        return None
    return positional[position].value if len(positional) > position else None


class ConvertImageDtypeOnFloatImage(Rule):
    id = "TF967"
    name = "convert-image-dtype-on-float-image"
    category = "api-misuse"
    severity = "warning"
    message = "`tf.image.convert_image_dtype` is given an image that is already float: it does not rescale it to [0, 1]"
    rationale = """
        `tf.image.convert_image_dtype` scales by the range of the input's dtype: an integer
        image (`uint8`, 0..255) becomes floats in [0, 1), but a float image is taken to be in
        [0, 1) already and only cast (its documentation: "Images that are represented using
        floating point values are expected to have values in the range [0,1)"). An image made
        float by `tf.cast` or by `tf.image.resize` (which returns `float32` unless its method
        is nearest-neighbour, and keeps the 0..255 values) therefore stays in 0..255: under
        TF 2.21 a `uint8` image of 200s resized and converted has its maximum at 200.0, while
        converted before the resize it is 0.78. The model then trains on inputs 255 times
        larger than intended, silently. Convert the integer image first (then resize), or
        divide by 255. Evidence required: `convert_image_dtype(image, <float dtype>)` where
        `image` is, or is a name bound to, a `tf.cast` to a float dtype or a
        `tf.image.resize` without a nearest-neighbour method.
    """
    requires_text = ("convert_image_dtype",)

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if model.call_name(node) != "tensorflow.image.convert_image_dtype":
            return
        if not _float_dtype(model, _call_argument(node, "dtype", 1)):
            return
        image = _call_argument(node, "image", 0)
        if image is None:
            return
        held = image
        if isinstance(image, cst.Name):
            values = values_read(model, image, self.context.scope)
            if len(values) != 1 or not isinstance(values[0], cst.Call):
                return
            held = values[0]
        if not isinstance(held, cst.Call):
            return
        name = model.call_name(held) or ""
        if name in ("tensorflow.cast", "tensorflow.dtypes.cast"):
            if not _float_dtype(model, _call_argument(held, "dtype", 1)):
                return
            why = "a `tf.cast` to a float dtype, which keeps the values as they were"
        elif name == "tensorflow.image.resize":
            method = _call_argument(held, "method", 2)
            if method is not None and "nearest" in code(method).lower():
                return
            why = "`tf.image.resize`'s output, `float32` with the values as they were"
        else:
            return
        self.report(
            node,
            f"`{code(image)}` is already float ({why}): `convert_image_dtype` only casts a float "
            "image and does not divide by 255; convert the integer image before the "
            f"{'cast' if 'cast' in why else 'resize'}, or divide by 255",
            because=[] if held is image else [(f"`{code(image)}` is made here", held)],
        )


# --- array-only arguments given with a dataset ---------------------------------------------

# the arguments of `fit`/`evaluate` that Keras takes only with arrays or tensors as `x`, by
# keyword, with the position of those that may be passed positionally
_ARRAY_ONLY_ARGUMENTS = {
    "fit": {"y": 1, "validation_split": None, "sample_weight": None},
    "evaluate": {"y": 1, "sample_weight": None},
}
_ARRAY_ONLY_WHY = {
    "y": "the targets belong in the dataset's elements, `(inputs, targets)`",
    "validation_split": "split the dataset with `take`/`skip` and pass the held-out part as `validation_data`",
    "sample_weight": "the weights belong in the dataset's elements, `(inputs, targets, weights)`",
}


class ArrayArgumentWithDataset(Rule):
    id = "TF965"
    name = "array-argument-with-dataset"
    category = "api-misuse"
    severity = "error"
    message = (
        "`fit`/`evaluate` is given a `tf.data.Dataset` with `y`, `validation_split` or "
        "`sample_weight`, which Keras takes only with arrays or tensors"
    )
    rationale = """
        A `tf.data.Dataset` given to `Model.fit` or `evaluate` carries its own targets (and
        sample weights) in its elements, and Keras cannot slice it: `fit`'s documentation
        (Keras 3.15) says of `y` that with a `tf.data.Dataset` "`y` should not be specified
        since targets will be obtained from `x`", of `validation_split` "This argument is
        only supported when `x` and `y` are made of NumPy arrays or tensors", and of
        `sample_weight` "This argument is not supported when `x` is a ... `tf.data.Dataset`
        ... Instead, provide `sample_weights` as the third element of `x`". Given with a dataset,
        each raises a `ValueError` before the first step (Keras 3.15: "Argument
        validation_split is only supported for tensors or NumPy arrays", "When providing `x`
        as a tf.data.Dataset, `y` should not be passed", "... `sample_weights` should not be
        passed"; tf-keras: "`y` argument is not supported when using dataset as input" and
        the like). Put the targets and weights in the dataset's elements, and split the
        dataset with `take`/`skip` for `validation_data`. Evidence required:
        `<model>.fit(x, ...)` or `evaluate(x, ...)` given one of these (not `None`, a
        `validation_split` not `0`) where `x` is a dataset by what the module shows (a
        tf.data call chain or a Keras `*_dataset_from_*` loader, or a name bound only to
        one), not by its name alone.
    """
    requires_text = ("fit", "evaluate")

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is not cst.Attribute:
            return
        arguments = _ARRAY_ONLY_ARGUMENTS.get(func.attr.value)
        if arguments is None:
            return
        given = _call_argument(node, "x", 0)
        if given is None:
            return
        found: list[tuple[str, cst.BaseExpression]] = []
        for keyword, position in arguments.items():
            value = (
                _call_argument(node, keyword, position)
                if position is not None
                else next(
                    (
                        a.value
                        for a in node.args
                        if a.keyword is not None and a.keyword.value == keyword
                    ),
                    None,
                )
            )
            if value is None or (isinstance(value, cst.Name) and value.value == "None"):
                continue
            if isinstance(value, (cst.Integer, cst.Float)) and float(value.value) == 0:
                continue
            found.append((keyword, value))
        if not found or not _known_dataset(self.model, given, self.context.scope):
            return
        keyword, value = found[0]
        self.report(
            value,
            f"`{code(given)}` is a `tf.data.Dataset`: `{func.attr.value}` takes `{keyword}` only "
            f"with arrays or tensors and raises a `ValueError`; {_ARRAY_ONLY_WHY[keyword]}",
        )


# --- padded_batch over ragged elements ------------------------------------------------------

_SLICING_SOURCES = frozenset(
    {"tensorflow.data.Dataset.from_tensor_slices", "tensorflow.data.Dataset.from_tensors"}
)


def _ragged_value(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The call that makes the RaggedTensor ``expr`` holds (``tf.ragged.constant`` of nested
    lists, ``tf.RaggedTensor.from_row_lengths``...), or that a tuple or dict display of
    ``expr`` holds as a component; through names bound only to one."""
    if depth > 4:
        return None
    if isinstance(expr, cst.Tuple):
        for element in expr.elements:
            found = _ragged_value(model, element.value, scope, depth + 1)
            if found is not None:
                return found
        return None
    if isinstance(expr, cst.Dict):
        for element in expr.elements:
            if isinstance(element, cst.DictElement):
                found = _ragged_value(model, element.value, scope, depth + 1)
                if found is not None:
                    return found
        return None
    if isinstance(expr, cst.Call):
        name = model.call_name(expr) or ""
        if name == "tensorflow.ragged.constant":
            given = expr.args[0].value if expr.args else None
            if isinstance(given, cst.List) and not all(
                isinstance(e.value, (cst.List, cst.Tuple)) for e in given.elements
            ):
                return None  # a flat list: ragged_rank 0, a dense tensor
            return expr
        if name.startswith("tensorflow.RaggedTensor.from_") or name == "tensorflow.ragged.stack":
            return expr
        return None
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        found = [_ragged_value(model, v, model.scope_of(expr), depth + 1) for v in values]
        if values and all(found):
            return found[0]
    return None


def _ragged_dataset(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[cst.Call, cst.Call] | None:
    """``(source, ragged)``: the ``from_tensor_slices``/``from_tensors`` call whose elements
    ``expr`` keeps (through element-keeping methods and names) and the RaggedTensor it was
    given, when it was given one."""
    if depth > 8:
        return None
    if isinstance(expr, cst.Call):
        if model.call_name(expr) in _SLICING_SOURCES and expr.args:
            ragged = _ragged_value(model, expr.args[0].value, scope)
            return (expr, ragged) if ragged is not None else None
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value in _ELEMENT_KEEPING:
            return _ragged_dataset(model, func.value, scope, depth + 1)
        return None
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        found = [_ragged_dataset(model, v, model.scope_of(expr), depth + 1) for v in values]
        if values and all(found):
            return found[0]
    return None


class PaddedBatchOnRaggedElements(Rule):
    id = "TF960"
    name = "padded-batch-on-ragged-elements"
    category = "api-misuse"
    severity = "error"
    message = "`padded_batch` over a dataset of RaggedTensor elements: it takes dense tensors only"
    rationale = """
        `Dataset.padded_batch` pads dense tensors; a dataset sliced from a `tf.RaggedTensor`
        (`Dataset.from_tensor_slices(tf.ragged.constant(sequences))`) has RaggedTensor
        elements, and TF 2.21 refuses it: `TypeError: padded_batch is only supported for
        datasets that produce tensor elements but type spec of elements in the input dataset
        is not a subclass of TensorSpec: RaggedTensorSpec(...)`. Batch the ragged elements
        with `.ragged_batch(n)` (then `.to_tensor()` to pad), or convert each element first,
        `.map(lambda x: x)` is not enough: `.map(lambda x: x.to_tensor())` is. Evidence
        required: the dataset is `from_tensor_slices` or `from_tensors` of a value the module
        makes with `tf.ragged.constant` (of nested lists), `tf.ragged.stack` or a
        `tf.RaggedTensor.from_*` constructor, alone or as a component of a tuple or dict,
        through element-keeping methods (`shuffle`, `repeat`, `take`...) only.
    """
    requires_text = ("padded_batch",)
    call_names = frozenset({"padded_batch"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "padded_batch":
            return
        found = _ragged_dataset(self.model, func.value, self.context.scope)
        if found is None:
            return
        source, ragged = found
        self.report(
            node,
            "`padded_batch` over RaggedTensor elements raises TypeError (it pads dense "
            "tensors only); use `.ragged_batch(n)` or map each element `.to_tensor()` first",
            because=[
                (f"`{code(ragged.func)}` makes a RaggedTensor", ragged),
                ("the dataset's elements are its slices: RaggedTensors", source),
            ],
        )


# --- timeseries_dataset_from_array with the series itself as targets --------------------------


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for index, arg in enumerate(call.args):
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg.value
        elif index == position and not arg.star:
            return arg.value
    return None


def _unshifted(data: cst.BaseExpression, targets: cst.BaseExpression) -> bool:
    """Whether ``targets`` is ``data`` itself, or a slice of it that starts where it does
    (``series[:, 0]``, ``series[:-1]``): target ``i`` is then the first row of window ``i``."""
    if code(targets) == code(data):
        return True
    if not isinstance(targets, cst.Subscript) or code(targets.value) != code(data):
        return False
    first = targets.slice[0].slice
    if not isinstance(first, cst.Slice):
        return False
    lower = first.lower
    return lower is None or (isinstance(lower, cst.Integer) and lower.evaluated_value == 0)


class TimeseriesTargetsNotOffset(Rule):
    id = "TF961"
    name = "timeseries-targets-not-offset"
    category = "api-misuse"
    severity = "warning"
    message = "`timeseries_dataset_from_array` given the series itself as targets"
    rationale = """
        `keras.utils.timeseries_dataset_from_array(data, targets, sequence_length)` pairs the
        window that starts at row `i` with `targets[i]`: "`targets[i]` should be the target
        corresponding to the window that starts at index `i`" (its docstring). Given the series
        itself as targets, each window's target is its own first value, which the model
        sees as input, not the value that follows it: the model learns to echo the past
        (TF 2.21, Keras 3: the windows of `arange(10)` of length 3 get targets 0, 1, 2...).
        To predict the next value, offset the targets by the window length (`data[:-n]`,
        `targets=data[n:]`, the docstring's temporal-regression example). Evidence required: the
        `targets` argument is spelled as the `data` argument, or as a slice of it that starts
        at row 0 (`series[:, 0]`).
    """
    requires_text = ("timeseries_dataset_from_array",)
    call_names = frozenset({"timeseries_dataset_from_array"})

    def visit_Call(self, node: cst.Call) -> None:
        name = self.model.call_name(node) or ""
        if not name.endswith(".timeseries_dataset_from_array") or not is_keras(name):
            return
        data = _argument(node, 0, "data")
        targets = _argument(node, 1, "targets")
        if data is None or targets is None or not _unshifted(data, targets):
            return
        self.report(
            targets,
            f"`targets={code(targets)}` pairs each window with its own first row of "
            f"`{code(data)}`, not the value after it; offset them, `data[:-n]` and "
            "`targets=data[n:]` for windows of length `n`",
        )


# --- a model with the module's own Keras class saved, and loaded back without it ---------------

# Spellings that make a class known to Keras's deserializer, whichever object they name.
_REGISTERING = ("register_keras_serializable", "custom_object_scope", "CustomObjectScope")
_REGISTERING += ("get_custom_objects",)


def _registers_classes(model: ModuleModel) -> bool:
    def scan() -> bool:
        return any(
            n.value in _REGISTERING or n.value == "custom_objects" for n in model.nodes_of(cst.Name)
        )

    return model.memo("registers-keras-classes", scan)


def _own_classes_built(
    model: ModuleModel, value: cst.BaseExpression, scope, depth: int = 0
) -> set[str]:
    """The module's own Keras layer and model classes that ``value`` calls, through the names
    it reads (their values where they are bound) and the module functions it calls (what
    they return): the classes of the objects a model built so holds."""
    own = {n for n, c in model.module_classes.items() if c.keras_kind in ("layer", "model")}
    found: set[str] = set()
    if not own or depth > 4:
        return found
    todo: list[cst.CSTNode] = [value]
    while todo:
        node = todo.pop()
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name) and func.value in own:
                found.add(func.value)
            callee = model.callee(node, scope)
            if callee is not None and callee.cls is None:
                for returned in model.return_values(callee):
                    found |= _own_classes_built(model, returned, callee, depth + 1)
        elif isinstance(node, cst.Name):
            binding = model.lookup(node.value, scope)
            if binding.scope is scope:
                for bound in binding.values:
                    found |= _own_classes_built(model, bound, scope, depth + 1)
        todo.extend(node.children)
    return found


def _keras_file(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> bool:
    """Whether the path ``expr`` names a `.keras` or HDF5 file (its code spells the
    extension, or every value of the name it reads does)."""
    if isinstance(expr, cst.Name) and depth < 3:
        values = values_read(model, expr, scope)
        return bool(values) and all(
            _keras_file(model, v, model.scope_of(expr), depth + 1) for v in values
        )
    text = code(expr)
    return any(f'{ext}"' in text or f"{ext}'" in text for ext in (".keras", ".h5", ".hdf5"))


class LoadModelWithoutCustomObjects(Rule):
    id = "TF962"
    name = "load-model-without-custom-objects"
    category = "api-misuse"
    severity = "error"
    message = "a model holding the module's own Keras class is loaded without `custom_objects`"
    rationale = """
        Keras saves a layer or model of a class of its own by name (its module and class
        name) and, loading it, looks the name up among the classes registered with
        `@keras.saving.register_keras_serializable()`, passed as
        `load_model(path, custom_objects={...})` or in a `custom_object_scope`; only Keras's
        own packages are imported by module path. A model that holds an instance of a class
        the module defines, saved and loaded back with a bare `load_model(path)`, fails to
        load (Keras 3, TF 2.21: `TypeError: <class ...Sequential> could not be deserialized
        properly ... Could not locate class 'Scale'`). Register the class, or pass
        `custom_objects={"Scale": Scale}`. Evidence required: the module saves a model
        (`model.save(path)`, `save_model(model, path)`) to the path it then loads, spelled
        the same; the code building that model calls a Keras layer or model class of the
        module; nothing in the module registers classes (`register_keras_serializable`,
        `custom_objects`, `custom_object_scope`, `get_custom_objects`); the module is not
        Keras 2 code (`tf_keras`), and the path spells a `.keras` or `.h5` file: from a
        SavedModel folder Keras 2 revives unknown classes.
    """
    requires_text = ("load_model",)
    call_names = frozenset({"load_model"})

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        name = model.call_name(node) or ""
        if not is_keras(name, "load_model") or not node.args or node.args[0].keyword:
            return
        if _keyword(node, "custom_objects") is not None or _registers_classes(model):
            return
        if uses_tf_keras(model):
            return
        if not _keras_file(model, node.args[0].value, self.context.scope):
            return  # a SavedModel folder: Keras 2 revives unknown classes from it
        path = code(node.args[0].value)
        for saved, save in self._saves(path):
            if not isinstance(saved, cst.Name):
                continue
            binding = model.binding_of(saved, model.scope_of(saved))
            for site in binding.sites:
                if site.value is None:
                    continue
                built = sorted(_own_classes_built(model, site.value, binding.scope))
                if built:
                    self.report(
                        node,
                        f"`{code(saved)}` holds `{built[0]}`, a class of this module, and "
                        f"`{code(node.func)}({path})` is given no `custom_objects`: Keras "
                        f'cannot locate the class; pass `custom_objects={{"{built[0]}": '
                        f"{built[0]}}}` or register it",
                        because=[(f"`{code(saved)}` is saved to `{path}` here", save)],
                    )
                    return

    def _saves(self, path: str) -> list[tuple[cst.BaseExpression, cst.Call]]:
        """The objects the module saves to ``path``, with the save call."""
        found = []
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value == "save" and call.args:
                if code(call.args[0].value) == path and call.args[0].keyword is None:
                    found.append((func.value, call))
            elif (
                is_keras(self.model.call_name(call), "save_model")
                and len(call.args) > 1
                and code(call.args[1].value) == path
            ):
                found.append((call.args[0].value, call))
        return found


# --- compile given a loss tensor instead of a loss function ------------------------------------


def _tensor_call(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The TF op call (the knowledge base says it returns a tensor) that made the value
    ``expr`` holds, through names bound only to such calls."""
    if isinstance(expr, cst.Call):
        return expr if knowledge.returns(model.call_name(expr)) == "tensor" else None
    if isinstance(expr, cst.Name) and depth < 4:
        values = values_read(model, expr, scope)
        found = [_tensor_call(model, v, model.scope_of(expr), depth + 1) for v in values]
        if values and all(found):
            return found[-1]
    return None


class LossTensorPassedAsLossFunction(Rule):
    id = "TF963"
    name = "loss-tensor-passed-as-loss-function"
    category = "api-misuse"
    severity = "error"
    message = "`compile(loss=...)` is given a tensor: Keras needs a loss function"
    rationale = """
        `Model.compile(loss=...)` takes a loss function of `(y_true, y_pred)`, a `Loss`
        instance or a name; Keras calls it on each batch's labels and predictions. A loss
        computed once (`loss = tf.nn.ctc_loss(labels, logits, ...)`, `tf.reduce_mean(...)`)
        is a value, not a function: `fit` refuses it, `ValueError: Could not interpret loss
        identifier` (Keras 3, TF 2.21), and on the model's symbolic tensors the op fails
        before that. Wrap the computation in a function of `(y_true, y_pred)` (for CTC,
        `keras.ops.ctc_loss` or a `tf.nn.ctc_loss` call inside such a function), or add it
        with `add_loss` in a layer. Evidence required: the `loss` argument of a `compile`
        call is, or is a name bound only to, a call of an op that returns a tensor (the
        knowledge base's, generated from TensorFlow and Keras); the finding is at that op.
    """
    requires_text = ("compile",)
    call_names = frozenset({"compile"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "compile":
            return
        kind = self.model.kind_of(func.value, self.context.scope)
        if kind is not None and kind.kind != "model":
            return
        loss = _argument(node, 1, "loss")
        if loss is None:
            return
        made = _tensor_call(self.model, loss, self.context.scope)
        if made is None:
            return
        self.report(
            made,
            f"`{code(made.func)}(...)` computes a loss tensor, and `{code(func)}` is given it "
            "as `loss`: Keras needs a function of `(y_true, y_pred)` that it calls per batch",
            because=[(f"`{code(func)}` receives it as the loss here", loss)],
        )


# --- assign_add on a slice of a variable ---------------------------------------------------------


class SlicedVariableAssignAdd(Rule):
    id = "TF968"
    name = "sliced-variable-assign-add"
    category = "api-misuse"
    severity = "error"
    message = "`var[...].assign_add` on a slice of a variable: a slice supports `assign` only"
    rationale = """
        Indexing a `tf.Variable` (`var[..., k]`, `var[0]`, `var[:, 1:3]`) gives a tensor
        that remembers its variable for one method only, `assign`: the sliced assignment
        (`strided_slice_assign`). It has no `assign_add` or `assign_sub`, so
        `var[..., k].assign_add(x)` raises `AttributeError: 'EagerTensor' object has no
        attribute 'assign_add'` (`'SymbolicTensor'` in a `tf.function`) under TF 2.21. Write
        the update as a sliced assign of the sum, `var[..., k].assign(var[..., k] + x)`, or
        add a full-shaped update to the whole variable (`var.assign_add(tf.scatter_nd(...))`,
        `tf.tensor_scatter_nd_add`). Evidence required: the indexed object is a
        `tf.Variable` or a Keras weight, as the module shows (`tf.Variable(...)`,
        `self.add_weight(...)`); an index into a Python list of variables
        (`self.accumulators[i].assign_add`) is not reported.
    """
    requires_text = ("assign_add", "assign_sub")
    call_names = frozenset({"assign_add", "assign_sub"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Subscript):
            return
        sliced = func.value
        why = graph_variable(self.model, sliced.value, self.context.scope)
        if why is None:
            return
        method = func.attr.value
        self.report(
            node,
            f"`{code(sliced)}` is a slice of a variable, which has `assign` but no "
            f"`{method}`: this raises AttributeError; write "
            f"`{code(sliced)}.assign({code(sliced)} {'+' if method == 'assign_add' else '-'} ...)`",
            because=[(why[0], why[1])],
        )


# --- a history key that repeats another name than the compiled metric's -------------------------

# the two spellings of accuracy: `metrics=["acc"]` gives the history key "acc",
# `metrics=["accuracy"]` the key "accuracy" (TF 2.21; Keras 2.2 and earlier wrote "acc" for both)
_ACCURACY_SPELLINGS = {"acc": "accuracy", "accuracy": "acc"}


def _compiled_metric_names(model: ModuleModel) -> set[str] | None:
    """The names of the metrics every ``compile(metrics=[...])`` call of the module gives (its
    strings, the names of functions, the ``name=`` of metric objects); None when the module
    compiles none or gives a metric whose name it does not show."""

    def compute() -> set[str] | None:
        names: set[str] = set()
        compiled = False
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "compile"):
                continue
            metrics = _call_argument(call, "metrics", 2)
            if metrics is None:
                continue
            if not isinstance(metrics, (cst.List, cst.Tuple)):
                return None
            compiled = True
            for element in metrics.elements:
                value = element.value
                if isinstance(value, cst.SimpleString):
                    names.add(value.evaluated_value)
                elif isinstance(value, cst.Name):
                    names.add(value.value)
                elif isinstance(value, cst.Call):
                    given = _call_argument(value, "name", 99)
                    if isinstance(given, cst.SimpleString):
                        names.add(given.evaluated_value)
                    elif given is not None:
                        return None
                    # a metric object without `name=` is named after its class, never "acc"
                    else:
                        names.add("<object>")
                else:
                    return None
        return names if compiled else None

    return model.memo(_compiled_metric_names, compute)


# Keras callbacks that read a log by name, and the position of their `monitor` argument
_MONITORING_CALLBACKS = {
    "keras.callbacks.EarlyStopping": 0,
    "keras.callbacks.ModelCheckpoint": 1,
    "keras.callbacks.ReduceLROnPlateau": 0,
}


class HistoryKeyDiffersFromMetricName(Rule):
    id = "TF969"
    name = "history-key-differs-from-metric-name"
    category = "api-misuse"
    severity = "error"
    message = (
        "`history.history[...]` reads an accuracy key the compiled metrics do not make: "
        "the keys repeat the names given to `compile`"
    )
    rationale = """
        The `History` that `fit` returns names its keys after the metrics as `compile` was
        given them: `metrics=["accuracy"]` makes the keys `"accuracy"` and `"val_accuracy"`,
        `metrics=["acc"]` makes `"acc"` and `"val_acc"` (TF 2.21, Keras 3; tf.keras since
        TF 2.0). Keras 2.2 and earlier wrote `"acc"` for both, and code written for it reads
        `history.history["acc"]` after compiling with `"accuracy"`: the plot or report at the
        end of training raises `KeyError: 'acc'`, after all the training time. Read the key
        the compile call names (`history.history["accuracy"]`), or compile with the name the
        code reads. Evidence required: a string key `"acc"`/`"val_acc"` (or
        `"accuracy"`/`"val_accuracy"`) read from a `.history` attribute, in a module every
        `compile(metrics=[...])` call of which lists its metrics literally and names the
        other spelling of accuracy and never this one. The same keys are what a callback's
        `monitor=` names: `EarlyStopping(monitor="val_acc")` after `metrics=["accuracy"]`
        finds no such log, and under TF 2.21 raises `ValueError` when training starts (the
        default `mode="auto"` cannot tell the direction of an unknown metric) or, with
        `mode="max"`, warns each epoch and never stops (`ModelCheckpoint`,
        `ReduceLROnPlateau` alike).
    """
    requires_text = ("history", *(name.rsplit(".", 1)[-1] for name in _MONITORING_CALLBACKS))

    def __init__(self, context) -> None:
        super().__init__(context)
        self.reported = False

    def visit_Subscript(self, node: cst.Subscript) -> None:
        held = node.value
        if not (isinstance(held, cst.Attribute) and held.attr.value == "history"):
            return
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return
        key = node.slice[0].slice.value
        found = self._misspelt_key(key)
        if found is None:
            return
        text, prefix, other = found
        if self.reported:
            return  # the first read raises; the others repeat the one cause
        self.reported = True
        self.report(
            node,
            f"the history has no key `{text!r}`: the model is compiled with "
            f"`metrics=[{other!r}, ...]`, so its key is `{prefix + other!r}` (the keys repeat "
            "the names given to `compile`); this raises KeyError",
        )

    def _misspelt_key(self, key) -> tuple[str, str, str] | None:
        """``(key, "val_" or "", the spelling the model logs)`` where the literal ``key`` is the
        other spelling of an accuracy metric the module compiles; None otherwise."""
        if not isinstance(key, cst.SimpleString):
            return None
        text = key.evaluated_value
        if not isinstance(text, str):
            return None
        prefix = "val_" if text.startswith("val_") else ""
        spelling = text[len(prefix) :]
        other = _ACCURACY_SPELLINGS.get(spelling)
        if other is None:
            return None
        names = _compiled_metric_names(self.model)
        if names is None or other not in names or spelling in names:
            return None
        if spelling == "accuracy" and "<object>" in names:
            return None  # `metrics=[Accuracy()]` is named "accuracy"
        return text, prefix, other

    def visit_Call(self, node: cst.Call) -> None:
        """The same keys name what a callback monitors: ``EarlyStopping(monitor="val_acc")``
        after ``compile(metrics=["accuracy"])`` finds no such log (TF 2.21: with the default
        ``mode="auto"`` it raises ValueError when training starts, with ``mode="max"`` it warns
        and never stops)."""
        name = self.model.call_name(node)
        if name is None or knowledge.canonical(name) not in _MONITORING_CALLBACKS:
            return
        position = _MONITORING_CALLBACKS[knowledge.canonical(name)]
        monitor = _call_argument(node, "monitor", position)
        found = self._misspelt_key(monitor)
        if found is None:
            return
        text, prefix, other = found
        self.report(
            monitor,
            f"no log is named `{text!r}`: the model is compiled with `metrics=[{other!r}, ...]`, "
            f"so the key is `{prefix + other!r}` (the keys repeat the names given to `compile`); "
            "the callback cannot find its metric (ValueError under the default mode, else it "
            "never acts)",
        )


# --- a Normalization layer never adapted -------------------------------------------------------

_NORMALIZATION = frozenset(
    {"keras.layers.Normalization", "keras.layers.experimental.preprocessing.Normalization"}
)
# calls after which a model's weights, the Normalization's statistics among them, come from a file
_RESTORES_WEIGHTS = frozenset(
    {"load_weights", "load_model", "set_weights", "restore", "load", "load_state_dict"}
)


class NormalizationLayerNotAdapted(Rule):
    id = "TF970"
    name = "normalization-layer-not-adapted"
    category = "api-misuse"
    severity = "error"
    message = (
        "a Keras `Normalization` layer without `mean`/`variance` is trained with but never "
        "`adapt()`ed: it passes its inputs through unchanged"
    )
    rationale = """
        `keras.layers.Normalization()` learns its mean and variance from `adapt(data)`; given
        neither `adapt` nor `mean=`/`variance=`, it keeps mean 0 and variance 1 and returns
        its input as it is (TF 2.21: `Normalization()([[100., 2000.]])` is
        `[[100., 2000.]]`), with no error or warning. The model then trains on the raw,
        unscaled features the layer was put there to standardize. Call
        `layer.adapt(train_features)` before `fit`, or pass `mean=` and `variance=`.
        Evidence required: the module makes a `Normalization` layer without `mean`/`variance`,
        trains with `fit`, and calls no `adapt` at all, and loads no weights (`load_weights`,
        `load_model`, `set_weights`, a checkpoint's `restore`), which would bring the
        statistics with them.
    """
    requires_text = ("Normalization",)

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        name = model.call_name(node)
        if name is None or knowledge.canonical(name) not in _NORMALIZATION:
            return
        if _call_argument(node, "mean", 1) is not None:
            return
        if any(a.star for a in node.args):
            return
        if not self._trains_without_adapt():
            return
        self.report(
            node,
            "this `Normalization` layer is never adapted and has no `mean`/`variance`: it "
            "keeps mean 0 and variance 1 and passes the raw features through; call "
            "`.adapt(training_features)` on it before `fit`",
        )

    def _trains_without_adapt(self) -> bool:
        def compute() -> bool:
            fits = False
            for call in self.model.nodes_of(cst.Call):
                func = call.func
                method = func.attr.value if isinstance(func, cst.Attribute) else None
                if isinstance(func, cst.Name):
                    method = func.value
                if method == "adapt" or method in _RESTORES_WEIGHTS:
                    return False
                if method in ("fit", "fit_generator"):
                    fits = True
            return fits

        return self.model.memo(NormalizationLayerNotAdapted, compute)


# --- a Lambda layer holding a Python lambda, deserialized -----------------------------------------

# the calls that rebuild a model from its config, and the position of their model argument
_REBUILDS_FROM_CONFIG = frozenset(
    {
        "keras.models.model_from_json",
        "keras.models.clone_model",
        "keras.models.load_model",
        "keras.saving.load_model",
        "keras.models.model_from_config",
    }
)


class PythonLambdaLayerDeserialized(Rule):
    id = "TF971"
    name = "python-lambda-layer-deserialized"
    category = "api-misuse"
    severity = "error"
    message = (
        "a model with a `Lambda` layer holding a Python `lambda` is rebuilt from its config: "
        "Keras 3 refuses to deserialize the lambda in safe mode"
    )
    rationale = """
        Keras saves a `Lambda` layer's Python `lambda` as bytecode, and Keras 3 will not
        load bytecode unless told to trust it: `model_from_json`, `load_model` (`.keras` and
        `.h5` alike), `clone_model` and `from_config` of a model holding `Lambda(lambda x:
        ...)` raise `ValueError: Requested the deserialization of a Lambda layer whose
        function is a Python lambda ... disallowed by default` (TF 2.21, Keras 3.15), even
        with `custom_objects`. A model saved and reloaded, copied with `clone_model`, or
        rebuilt from `to_json()` therefore fails at the reload, after the training. Give the
        layer a named function registered with
        `@keras.saving.register_keras_serializable()` (or passed in `custom_objects`), use a
        built-in layer (`Rescaling(1 / 255)`), or, for a file you trust, pass
        `safe_mode=False`. Evidence required: the module makes a Keras 3 `Lambda` layer
        whose function is a `lambda`, and calls `model_from_json` or `clone_model`, or
        `load_model` when the module also saves a model, without `safe_mode=False` and
        without `keras.config.enable_unsafe_deserialization()`; not in a module that uses
        tf-keras; not for a layer bound to a name that is only called on values made eagerly
        (`demo(tf.constant(...))`: it enters no model, so nothing saves it). Reported at the
        `Lambda` layer, the line to change, with the rebuild as evidence.
    """
    requires_text = ("Lambda",)

    def __init__(self, context) -> None:
        super().__init__(context)
        self._assigned: dict[int, str] = {}  # id(value) -> the name `name = Lambda(...)` binds

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self._assigned[id(node.value)] = node.targets[0].target.value

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        name = model.call_name(node)
        if name is None or knowledge.canonical(name) != "keras.layers.Lambda":
            return
        if not isinstance(_call_argument(node, "function", 0), cst.Lambda):
            return
        if self._enters_no_model(node):
            return
        rebuild = self._rebuild()
        if rebuild is None:
            return
        what = knowledge.canonical(model.call_name(rebuild) or "").rsplit(".", 1)[-1]
        self.report(
            node,
            f"this `Lambda` layer holds a Python `lambda`, and the module rebuilds its model "
            f"with `{what}`: Keras 3 refuses to deserialize the lambda in safe mode "
            "(ValueError); give the layer a registered named function, or use a built-in layer",
            because=[(f"the model is rebuilt from its config here (`{what}`)", rebuild)],
        )

    def _enters_no_model(self, node: cst.Call) -> bool:
        """``layer = Lambda(lambda ...)`` whose name is only ever called on values the module
        makes eagerly (``layer(tf.constant(...))``, a demonstration): a layer that enters no
        model is never saved, so nothing rebuilds it."""
        target = self._assigned.get(id(node))
        if target is None:
            return False
        for read in self.model.reads.get(target, []):
            if read.role != "called" or not isinstance(read.holder, cst.Call):
                return False  # in a list, passed on, returned: it may enter a model
            for arg in read.holder.args:
                values = self.model.bound_values(arg.value, self.model.scope)
                if not values or not all(_eager_value(self.model, v) for v in values):
                    return False
        return True

    def _rebuild(self) -> cst.Call | None:
        """The module's first call that rebuilds a Keras 3 model from its config in safe mode
        (``load_model`` only where the module also saves a model); None in a module that
        uses tf-keras or enables unsafe deserialization."""

        def compute() -> cst.Call | None:
            model = self.model
            if uses_tf_keras(model):
                return None
            rebuilds: list[cst.Call] = []
            saves = False
            for call in model.nodes_of(cst.Call):
                name = model.call_name(call) or ""
                if name.endswith("enable_unsafe_deserialization"):
                    return None
                func = call.func
                if isinstance(func, cst.Attribute) and func.attr.value in ("save", "save_model"):
                    saves = True
                canonical = knowledge.canonical(name) if name else ""
                if canonical in _REBUILDS_FROM_CONFIG and _keyword(call, "safe_mode") is None:
                    rebuilds.append(call)
            kept = [
                call
                for call in rebuilds
                if saves
                or not knowledge.canonical(model.call_name(call) or "").endswith("load_model")
            ]
            # a reload or a rebuild from JSON before a `clone_model`, which may copy another model
            kept.sort(key=lambda call: (model.call_name(call) or "").endswith("clone_model"))
            return kept[0] if kept else None

        return self.model.memo(PythonLambdaLayerDeserialized, compute)


def _eager_value(model, value: cst.BaseExpression) -> bool:
    """A value made eagerly, never a Keras symbolic tensor: a literal, or a call of
    ``tf.constant``/``tf.convert_to_tensor`` or of NumPy."""
    if isinstance(value, (cst.Integer, cst.Float, cst.List, cst.Tuple)):
        return True
    if not isinstance(value, cst.Call):
        return False
    name = model.call_name(value) or ""
    return name in ("tensorflow.constant", "tensorflow.convert_to_tensor") or name.startswith(
        "numpy."
    )


# --- a per-file function mapped over batches -----------------------------------------------------

# ops that take one scalar string (a path, an encoded image, a serialized example) and fail on a
# batch of them: "Shape must be rank 0 but is rank 1" (TF 2.21)
_SCALAR_STRING_OPS = {
    "tensorflow.io.read_file": "reads one file",
    "tensorflow.io.decode_jpeg": "decodes one image",
    "tensorflow.image.decode_jpeg": "decodes one image",
    "tensorflow.io.decode_png": "decodes one image",
    "tensorflow.image.decode_png": "decodes one image",
    "tensorflow.io.decode_image": "decodes one image",
    "tensorflow.image.decode_image": "decodes one image",
    "tensorflow.io.decode_bmp": "decodes one image",
    "tensorflow.image.decode_bmp": "decodes one image",
    "tensorflow.io.decode_gif": "decodes one image",
    "tensorflow.image.decode_gif": "decodes one image",
    "tensorflow.io.parse_single_example": "parses one serialized example",
}
# calls that apply a function to each element of a batch: the map function handles batches
_PER_ITEM_CALLS = frozenset(
    {
        "tensorflow.map_fn",
        "tensorflow.vectorized_map",
        "tensorflow.py_function",
        "tensorflow.numpy_function",
        "tensorflow.compat.v1.py_func",
    }
)


def _batched_below(model: ModuleModel, expr: cst.BaseExpression, depth: int) -> cst.Call | None:
    """The ``.batch()``/``.padded_batch()`` the dataset ``expr`` is built by, down its chain
    of methods and through the names it is bound to, with nothing that takes the batches
    apart after it; else None."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method in ("batch", "padded_batch"):
            return expr
        if method in ("unbatch", "rebatch", "flat_map", "interleave", "window"):
            return None
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        values = assigned_before(model, expr)
        found = [_batched_below(model, v, depth + 1) for v in values if v is not expr]
        return found[0] if found and all(found) else None
    return None


def _scalar_string_op(
    model: ModuleModel, fn: FunctionInfo, depth: int
) -> tuple[cst.Call, str] | None:
    """The first call in ``fn`` (or in a module function it calls) of an op that takes one
    scalar string, unless ``fn`` applies a function per item (``tf.map_fn``); else None."""
    calls: list[cst.Call] = []

    def enter(node: cst.CSTNode) -> bool:
        if node is not fn.node and isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(node, cst.Call):
            calls.append(node)
        return True

    walk(fn.node, enter)
    found = None
    for call in calls:
        name = model.call_name(call) or ""
        if name in _PER_ITEM_CALLS:
            return None
        if found is None and name in _SCALAR_STRING_OPS:
            found = (call, _SCALAR_STRING_OPS[name])
        if found is None and depth < 2:
            callee = model.callee(call, fn)
            if callee is not None and callee is not fn and not callee.is_generator:
                inner = _scalar_string_op(model, callee, depth + 1)
                if inner is not None:
                    found = inner
    return found


class PerElementMapAfterBatch(Rule):
    id = "TF972"
    name = "per-element-map-after-batch"
    category = "api-misuse"
    severity = "error"
    message = (
        "a function that reads or decodes one file is mapped over batches: `batch` comes "
        "before the `map`"
    )
    rationale = """
        tf.data applies its transformations in the order written: after `.batch(n)`, a
        `.map(f)` hands `f` a batch of `n` elements. `tf.io.read_file`,
        `tf.io.decode_jpeg`/`decode_png`/`decode_image` and `tf.io.parse_single_example` take
        one scalar string (a path, an encoded image, a serialized example), so given a batch
        of paths they fail while the pipeline is built: `ValueError: Shape must be rank 0 but
        is rank 1 for '{{node ReadFile}}'` (TF 2.21). Map the per-file function first and
        batch after (`paths.map(load).batch(n)`), or apply it per item inside the map
        (`tf.map_fn(load, paths)`). Evidence required: `.map(f)` on a dataset built by
        `.batch()`/`.padded_batch()` (in a chain or through names), with no `unbatch`,
        `rebatch`, `flat_map`, `interleave` or `window` after the batch, where `f` (a lambda
        or a function of the module, or one it calls) calls such an op and applies no
        function per item (`tf.map_fn`, `tf.vectorized_map`, `tf.py_function`,
        `tf.numpy_function`).
    """
    requires_text = ("batch",)
    call_names = frozenset({"map"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "map":
            return
        model = self.model
        scope = self.context.scope
        function = _call_argument(node, "map_func", 0)
        if function is None:
            return
        fn = model.function_referenced(function, scope)
        if fn is None:
            return
        batch = _batched_below(model, func.value, 0)
        if batch is None:
            return
        found = _scalar_string_op(model, fn, 0)
        if found is None:
            return
        op, what = found
        self.report(
            node,
            f"`{code(function)}` {what}, but this `map` comes after `.batch()` and hands it a "
            "whole batch: the op takes one scalar string and fails while the pipeline is "
            "built; map first, then batch",
            because=[
                ("the elements are batched here, before the map", batch),
                (f"this op {what} (a scalar string)", op),
            ],
        )


# --- tf.sparse.to_dense on a dense parsed feature -------------------------------------------------

_PARSE_EXAMPLE = frozenset(
    {
        "tensorflow.io.parse_single_example",
        "tensorflow.io.parse_example",
        "tensorflow.compat.v1.parse_single_example",
        "tensorflow.compat.v1.io.parse_single_example",
        "tensorflow.compat.v1.parse_example",
    }
)
_FIXED_LEN = frozenset(
    {
        "tensorflow.io.FixedLenFeature",
        "tensorflow.compat.v1.FixedLenFeature",
        "tensorflow.compat.v1.io.FixedLenFeature",
    }
)
_SPARSE_TO_DENSE = frozenset(
    {
        "tensorflow.sparse.to_dense",
        "tensorflow.compat.v1.sparse.to_dense",
        "tensorflow.compat.v1.sparse_tensor_to_dense",
    }
)


def _feature_spec(
    model: ModuleModel, expr: cst.BaseExpression | None, scope
) -> tuple[cst.CSTNode, list[cst.BaseExpression]] | None:
    """The feature spec given, bound to a name or an attribute (one value), or returned by a
    function of the module: where it is made and the values it maps to, from a dict literal, a
    dict comprehension, or an empty dict filled by ``spec[key] = ...`` statements of the
    module; None when the module does not show them."""
    filled: list[cst.BaseExpression] = []
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        if len(values) != 1:
            values = model.binding_of(expr, scope).known_values or []
            if len(values) != 1:
                return None
        for assign in model.nodes_of(cst.Assign):
            for target in assign.targets:
                held = target.target
                if (
                    isinstance(held, cst.Subscript)
                    and isinstance(held.value, cst.Name)
                    and held.value.value == expr.value
                ):
                    filled.append(assign.value)
        expr = values[0]
    elif isinstance(expr, cst.Attribute):  # `self.feature_spec`, assigned in the class
        values = model.bound_values(expr, scope)
        if len(values) != 1:
            return None
        expr = values[0]
    if isinstance(expr, cst.Call):  # `make_feature_spec()`, a function of the module
        callee = model.callee(expr, scope)
        returned = model.return_values(callee) if callee is not None else []
        if len(returned) != 1:
            return None
        return _feature_spec(model, returned[0], callee)
    if isinstance(expr, cst.Dict):
        if any(not isinstance(e, cst.DictElement) for e in expr.elements):
            return None
        return expr, [e.value for e in expr.elements] + filled
    if isinstance(expr, cst.DictComp):
        return expr, [expr.value, *filled]
    return None


def _all_fixed_len(model: ModuleModel, values: list[cst.BaseExpression]) -> bool:
    """Whether every value of the feature spec is a ``tf.io.FixedLenFeature(...)``."""
    return bool(values) and all(
        isinstance(value, cst.Call) and (model.call_name(value) or "") in _FIXED_LEN
        for value in values
    )


def _iterated_mapping(model: ModuleModel, name: cst.Name) -> cst.BaseExpression | None:
    """``parsed`` when ``name`` is bound only by a loop or comprehension over
    ``parsed.values()`` or (as the value of a pair) ``parsed.items()``; else None."""
    sites = model.binding_of(name).sites
    if len(sites) != 1 or sites[0].kind not in (SiteKind.LOOP, SiteKind.COMPREHENSION):
        return None
    iterated = sites[0].value
    if not (isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Attribute)):
        return None
    if iterated.func.attr.value not in ("values", "items") or iterated.args:
        return None
    return iterated.func.value


def _parsed_by(
    model: ModuleModel, value: cst.BaseExpression, scope, depth: int
) -> tuple[cst.Call, Scope | None] | None:
    """The parse call (``tf.io.parse_single_example(...)``) one feature of which ``value``
    is, with the scope it is made in: ``parsed[key]``, a loop over ``parsed.items()``, a name
    bound to one, or a parameter every call of the module passes one; else None."""
    if depth > 3:
        return None
    parsed = None
    if isinstance(value, cst.Name):
        parsed = _iterated_mapping(model, value)
        if parsed is None:
            binding = model.binding_of(value, scope)
            if isinstance(binding.scope, FunctionInfo) and binding.param_only:
                passed = model.arguments(binding.scope, value.value)
                found = [_parsed_by(model, v, where, depth + 1) for v, where in passed]
                return found[0] if found and all(found) else None
            values = values_read(model, value, scope)
            if len(values) != 1:
                return None
            value = values[0]
    if parsed is None:
        if not isinstance(value, cst.Subscript):
            return None
        parsed = value.value
    if isinstance(parsed, cst.Name):
        values = values_read(model, parsed, scope)
        if len(values) != 1:
            return None
        parsed = values[0]
    if not isinstance(parsed, cst.Call) or (model.call_name(parsed) or "") not in _PARSE_EXAMPLE:
        return None
    return parsed, scope


class SparseToDenseOnDenseFeature(Rule):
    id = "TF973"
    name = "sparse-to-dense-on-dense-feature"
    category = "api-misuse"
    severity = "error"
    message = (
        "`tf.sparse.to_dense` is given a feature parsed with `FixedLenFeature`, which is "
        "already a dense tensor"
    )
    rationale = """
        `tf.io.parse_single_example` (and `parse_example`) returns a dense `Tensor` for each
        `FixedLenFeature` of the spec (missing values take its `default_value`) and a
        `SparseTensor` only for a `VarLenFeature` or `SparseFeature`. `tf.sparse.to_dense`
        accepts only a `SparseTensor`: given a parsed `FixedLenFeature` it raises
        `TypeError: Input must be a SparseTensor.` (TF 2.21), eagerly or while a
        `Dataset.map` traces the parser. Use the parsed value as it is (give the feature a
        `default_value` to fill missing entries), or parse it with `VarLenFeature` when its
        length varies. Evidence required: `tf.sparse.to_dense(x)` where `x` is a subscript of
        the result of a parse call (given directly, through one name, a loop over its items,
        or a helper's parameter) whose feature spec the module shows is of `FixedLenFeature`s
        only; not in a function that names `SparseTensor` (a type check).
    """
    requires_text = ("FixedLenFeature",)
    call_names = frozenset({"to_dense", "sparse_tensor_to_dense"})

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if (model.call_name(node) or "") not in _SPARSE_TO_DENSE:
            return
        value = _call_argument(node, "sp_input", 0)
        if value is None:
            return
        here = self.context.scope
        if isinstance(here, FunctionInfo) and mentions(here.node, "SparseTensor"):
            return  # `if isinstance(v, tf.SparseTensor):`: it checks what it is given
        found_parse = _parsed_by(model, value, self.context.scope, 0)
        if found_parse is None:
            return
        parsed, scope = found_parse
        found = _feature_spec(model, _call_argument(parsed, "features", 1), scope)
        if found is None or not _all_fixed_len(model, found[1]):
            return
        spec = found[0]
        self.report(
            node,
            f"`{code(value)}` is parsed with `FixedLenFeature`, so it is already a dense "
            "tensor: `tf.sparse.to_dense` takes only a SparseTensor and raises TypeError; use "
            "the value as it is (a `default_value` fills missing entries)",
            because=[("the feature spec, all `FixedLenFeature`s", spec), ("parsed here", parsed)],
        )


# --- a square root of a distance that can be zero, differentiated ---------------------------------

_REDUCTIONS = frozenset({"reduce_sum", "reduce_mean", "sum", "mean"})


def _is_difference(model: ModuleModel, expr: cst.BaseExpression, scope) -> bool:
    """``a - b`` or ``tf.subtract(a, b)``, given or bound to one name."""
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        if len(values) != 1:
            return False
        expr = values[0]
    if isinstance(expr, cst.Call):
        return (model.call_name(expr) or "") in ("tensorflow.subtract", "tensorflow.math.subtract")
    return isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Subtract)


# Keras's mean squared error per sample (the mean over the last axis): zero for a sample
# predicted exactly
_PER_SAMPLE_MSE = frozenset(
    {
        "keras.losses.mean_squared_error",
        "keras.losses.mse",
        "keras.losses.MSE",
        "keras.metrics.mean_squared_error",
        "keras.metrics.mse",
    }
)


def _squared_difference(model: ModuleModel, expr: cst.BaseExpression, scope) -> bool:
    """``tf.square(a - b)``, ``tf.math.squared_difference(a, b)``, ``(a - b) ** 2``, ``d * d``
    of a difference ``d``, given or bound to one name."""
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        if len(values) != 1:
            return False
        expr = values[0]
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Multiply):
        return code(expr.left) == code(expr.right) and _is_difference(model, expr.left, scope)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Power):
        right = expr.right
        return (
            isinstance(right, cst.Integer)
            and right.value == "2"
            and _is_difference(model, expr.left, scope)
        )
    if not isinstance(expr, cst.Call):
        return False
    name = model.call_name(expr) or ""
    if not name.startswith(("tensorflow.", "keras.", "tf_keras.")):
        return False
    if name.endswith(".squared_difference"):
        return True
    if name.endswith(".pow") and expr.args:  # tf.pow(a - b, 2)
        exponent = _call_argument(expr, "y", 1)
        return (
            isinstance(exponent, (cst.Integer, cst.Float))
            and float(exponent.value) == 2
            and _is_difference(model, expr.args[0].value, scope)
        )
    return (
        name.endswith(".square")
        and bool(expr.args)
        and _is_difference(model, expr.args[0].value, scope)
    )


def _per_sample_squared_distance(model: ModuleModel, expr: cst.BaseExpression, scope) -> bool:
    """Whether ``expr`` is a squared distance per sample or per element, zero wherever the two
    sides agree: a squared difference, a sum of them, or one reduced along an ``axis`` (not a
    mean over everything, which is zero only when every prediction is exact)."""
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        if len(values) != 1:
            return False
        expr = values[0]
    if _squared_difference(model, expr, scope):
        return True
    if (
        isinstance(expr, cst.Call)
        and knowledge.canonical(model.call_name(expr) or "") in _PER_SAMPLE_MSE
    ):
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _squared_difference(model, expr.left, scope) and _squared_difference(
            model, expr.right, scope
        )
    if isinstance(expr, cst.Call) and expr.args:
        name = model.call_name(expr) or ""
        if name.rsplit(".", 1)[-1] not in _REDUCTIONS or not name.startswith(
            ("tensorflow.", "keras.", "tf_keras.")
        ):
            return False
        axis = _call_argument(expr, "axis", 1)
        if axis is None or (isinstance(axis, cst.Name) and axis.value == "None"):
            return False
        return _squared_difference(model, expr.args[0].value, scope)
    return False


def _differentiated_functions(model: ModuleModel) -> dict[int, str]:
    """The functions of the module whose results are differentiated, by id of their node: a
    loss given to ``compile`` (or made by a function of the module so given), the ``call`` of
    a Keras ``Loss`` subclass ("loss"), a ``Lambda`` layer's function ("Lambda layer"), a
    function called in a ``GradientTape`` block ("function the tape records")."""

    def compute() -> dict[int, str]:
        found: dict[int, str] = {}
        for cls in model.classes.values():
            if any(b and b.endswith("losses.Loss") for b in cls.base_names):
                for statement in cls.node.body.body:
                    if isinstance(statement, cst.FunctionDef) and statement.name.value == "call":
                        found[id(statement)] = "loss"
        for with_node in model.nodes_of(cst.With):
            if not _tape_block(model, with_node):
                continue

            def enter(node: cst.CSTNode) -> bool:
                if isinstance(node, cst.Call):
                    fn = model.function_referenced(node.func, None)
                    if fn is not None:
                        found.setdefault(id(fn.node), "function the tape records")
                return True

            walk(with_node.body, enter)
        for call in model.nodes_of(cst.Call):
            func = call.func
            given: list[tuple[cst.BaseExpression, str]] = []
            if isinstance(func, cst.Attribute) and func.attr.value == "compile":
                loss = _call_argument(call, "loss", 1)
                if isinstance(loss, cst.Dict):
                    given += [
                        (e.value, "loss") for e in loss.elements if isinstance(e, cst.DictElement)
                    ]
                elif isinstance(loss, (cst.List, cst.Tuple)):
                    given += [(e.value, "loss") for e in loss.elements]
                elif loss is not None:
                    given.append((loss, "loss"))
            elif knowledge.canonical(model.call_name(call) or "") == "keras.layers.Lambda":
                function = _call_argument(call, "function", 0)
                if function is not None:
                    given.append((function, "Lambda layer"))
            for expr, role in given:
                if isinstance(expr, cst.Name):  # `loss_fn = make_loss(0.5)`
                    values = model.binding_of(expr).known_values or []
                    if len(values) == 1 and isinstance(values[0], cst.Call):
                        expr = values[0]
                if isinstance(expr, cst.Call):  # `loss=make_loss(0.5)`: what it returns
                    factory = model.callee(expr, None)
                    returned = model.return_values(factory) if factory is not None else []
                    expr = returned[0] if len(returned) == 1 else expr
                fn = model.function_referenced(expr, None)
                if fn is not None:
                    found[id(fn.node)] = role
        return found

    return model.memo(_differentiated_functions, compute)


def _tape_block(model: ModuleModel, with_node: cst.With) -> bool:
    """Whether ``with_node`` opens a ``tf.GradientTape()``."""
    return any(
        isinstance(item.item, cst.Call)
        and (model.call_name(item.item) or "").endswith(".GradientTape")
        for item in with_node.items
    )


class SqrtOfZeroDistanceGradientNan(Rule):
    id = "TF974"
    name = "sqrt-of-zero-distance-gradient-nan"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a loss or `Lambda` layer takes the square root of a squared distance that is zero "
        "where the two sides agree: its gradient there is NaN"
    )
    rationale = """
        The derivative of `sqrt(s)` is `1 / (2 * sqrt(s))`, infinite at `s = 0`; the chain
        rule multiplies it by the derivative of `s = (a - b)**2`, which is 0 there, and
        `inf * 0` is NaN. A Euclidean distance written `tf.sqrt(tf.reduce_sum(tf.square(a -
        b), axis=-1))` (or `tf.norm(a - b, axis=-1)`) in a loss or a `Lambda` layer therefore
        has a NaN gradient for every sample whose two sides are equal: a prediction that is
        exactly right, a padded entry, a siamese pair of identical inputs. The forward pass is
        fine; the NaN reaches every weight through the optimizer, and the model's weights and
        loss turn to NaN for good (TF 2.21: `tf.sqrt(tf.reduce_sum(tf.square(x - t),
        axis=-1))` with one row of `x` equal to `t` gives the gradient `[[nan, nan], ...]`;
        `tf.norm` the same). Keep the square root away from zero: `tf.sqrt(tf.maximum(s,
        1e-12))` or `tf.sqrt(s + 1e-12)` (Keras's own siamese example uses
        `ops.maximum(sum_square, epsilon)`), or train on the squared distance. Evidence
        required: `tf.sqrt`/`keras.ops.sqrt`/`K.sqrt` directly of a squared difference
        (`tf.square(a - b)`, `squared_difference`, `(a - b) ** 2`, `tf.pow(a - b, 2)`), a
        sum of two of them, Keras's per-sample `mean_squared_error`, or one reduced along an
        `axis` (a mean over everything, an RMSE, is zero only when every
        prediction is exact, and is not reported), or `tf.norm(a - b, axis=...)` (Euclidean)
        or `tf.math.reduce_euclidean_norm(a - b, axis=...)`, in a
        function given to `compile` as its loss (or made by a function so given), the
        `call` of a Keras `Loss` subclass, a function given to a `Lambda` layer, a function
        called in a `GradientTape` block, or the block itself. The `Lambda` form is in
        preview: a distance between raw input features (a taxi ride's coordinates) has no
        weights behind it, so its NaN gradient reaches nothing.
    """
    requires_text = ("sqrt", "norm")  # `reduce_euclidean_norm` spells "norm"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.tape_blocks = 0

    def visit_With(self, node: cst.With) -> None:
        if _tape_block(self.model, node):
            self.tape_blocks += 1

    def leave_With(self, original_node: cst.With) -> None:
        if _tape_block(self.model, original_node):
            self.tape_blocks -= 1

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        called = func.attr.value if isinstance(func, cst.Attribute) else None
        if called not in ("sqrt", "norm", "reduce_euclidean_norm") or not node.args:
            return
        model = self.model
        scope = self.context.scope
        role = "`GradientTape` block" if self.tape_blocks else None
        if role is None and isinstance(scope, FunctionInfo):
            role = _differentiated_functions(model).get(id(scope.node))
        if role is None:
            return
        name = model.call_name(node) or ""
        if not name.startswith(("tensorflow.", "keras.", "tf_keras.")):
            return
        argument_ = node.args[0].value
        if name.endswith(".sqrt"):
            if not _per_sample_squared_distance(model, argument_, scope):
                return
        elif name in ("tensorflow.norm", "tensorflow.linalg.norm"):
            order = _call_argument(node, "ord", 1)
            euclidean = order is None or code(order).strip("'\"") in ("euclidean", "2", "2.0")
            if not euclidean or _call_argument(node, "axis", 2) is None:
                return
            if not _is_difference(model, argument_, scope):
                return
        elif name in (
            "tensorflow.math.reduce_euclidean_norm",
            "tensorflow.reduce_euclidean_norm",
        ):
            if _call_argument(node, "axis", 1) is None:
                return
            if not _is_difference(model, argument_, scope):
                return
        else:
            return
        self.report(
            node,
            f"this square root of a squared distance, in a {role} whose result is "
            "differentiated, is 0 "
            "wherever the two sides are equal, and there its gradient is `inf * 0 = NaN`, which "
            "turns the weights to NaN; take `tf.sqrt(tf.maximum(..., 1e-12))` or add an epsilon",
            gap=(
                "a `Lambda` layer's distance matters only when its inputs come from layers "
                "with weights (a siamese network's embeddings), not from the raw features"
                if role == "Lambda layer"
                else None
            ),
        )


class ExactAccuracyMetricOnScores(Rule):
    id = "TF993"
    name = "exact-accuracy-metric-on-scores"
    category = "api-misuse"
    severity = "warning"
    message = (
        "`keras.metrics.Accuracy()` compares labels and predictions for exact equality: on a "
        "model's class scores it reads about zero"
    )
    rationale = """
        The class `keras.metrics.Accuracy` is not what the string `"accuracy"` stands for: it
        counts the entries where `y_true == y_pred` exactly, for predictions that are already
        class ids. A model that ends in a `Dense` layer (a softmax, a sigmoid, or logits) gives
        float scores, which never equal the labels: under TF 2.21 a 4-class softmax model fitted
        to 48% reads `accuracy: 0.0` with one-hot labels or `(n, 1)` integer labels (and integer
        labels of shape `(n,)` fail to compare with the `(n, 4)` scores), a sigmoid model 0.0
        where `BinaryAccuracy` reads 57%. Pass the string `"accuracy"` (Keras picks the right
        one from the loss), or `SparseCategoricalAccuracy()`, `CategoricalAccuracy()`,
        `BinaryAccuracy()`. Evidence required: `compile(metrics=...)` lists an instance of
        `keras.metrics.Accuracy` (any Keras), and the model compiled is one whose last layer the
        module shows: a `Dense`-like layer, a `Softmax` or `Activation` layer.
    """
    requires_text = ("Accuracy(",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "compile"):
            return
        metrics = argument(node, 2, "metrics")
        if not isinstance(metrics, (cst.List, cst.Tuple)):
            return
        exact = [
            element.value
            for element in metrics.elements
            if isinstance(element.value, cst.Call)
            and knowledge.canonical(self.model.call_name(element.value) or "")
            in ("keras.metrics.Accuracy", "tf_keras.metrics.Accuracy")
        ]
        scope = self.context.scope
        if not exact or scope is None:
            return
        layers = [
            last_layer(self.model, construction, where, node)
            for construction, where in self.model.training.constructions(func.value, scope, 0)
        ]
        if not layers or not all(
            layer is not None and _layer_activation(self.model, layer) is not None
            for layer in layers
        ):
            return
        self.report(
            exact[0],
            "`Accuracy()` counts exact equality of labels and predictions, but the model gives "
            "float class scores, which never equal the labels: it reads about 0; pass "
            '`"accuracy"` (or `SparseCategoricalAccuracy()`/`CategoricalAccuracy()`/'
            "`BinaryAccuracy()`)",
            because=[("the model's last layer: it gives scores", layers[0])],
        )


# The names Keras and TensorFlow give a loss's two sides: `(y_true, y_pred)` for
# keras.losses/metrics functions, `(target, output)` for the backend's and `keras.ops`'
# crossentropies, `labels=`/`logits=` for the `tf.nn` ones; and their plain variants.
_TRUTH_NAMES = frozenset({"y_true", "target", "targets", "labels", "label", "y_label", "y"})
_PREDICTION_NAMES = frozenset(
    {"y_pred", "output", "outputs", "pred", "preds", "prediction", "predictions", "logits"}
)
# crossentropies (asymmetric: swapping the sides changes the value), by their last name
_ASYMMETRIC_LOSSES = frozenset(
    {
        "binary_crossentropy",
        "categorical_crossentropy",
        "sparse_categorical_crossentropy",
        "binary_focal_crossentropy",
        "categorical_focal_crossentropy",
        "kl_divergence",
        "kld",
        "kullback_leibler_divergence",
    }
)


def _side_name(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):  # `self.logits`, `batch.labels`
        return expr.attr.value
    return None


def _names_prediction(name: str | None) -> bool:
    """``logits``, ``y_pred``, ``output``, or a name built on them (``self.logits``,
    ``pred_batch``)."""
    if name is None:
        return False
    lowered = name.lower()
    return (
        name in _PREDICTION_NAMES
        or "logit" in lowered
        or "pred" in lowered
        or lowered.endswith("_hat")
    )


def _names_truth(name: str | None) -> bool:
    """``y_true``, ``labels``, ``target``, ``y``, or a name built on them (``y_batch``,
    ``label_ids``, ``input_y``) that does not also name a prediction."""
    if name is None or _names_prediction(name):
        return False
    lowered = name.lower()
    return (
        name in _TRUTH_NAMES
        or "label" in lowered
        or "target" in lowered
        or lowered.startswith("y_")
        or lowered.endswith("_y")
    )


class LossArgumentsSwapped(Rule):
    id = "TF994"
    name = "loss-arguments-swapped"
    category = "api-misuse"
    severity = "error"
    message = (
        "a crossentropy is given the predictions as its labels and the labels as its predictions"
    )
    rationale = """
        Keras's loss functions take `(y_true, y_pred)`, the backend's and `keras.ops`'
        crossentropies `(target, output)`, the `tf.nn` cross entropies `labels=` and `logits=`:
        the labels first. A crossentropy is not symmetric, so with the sides swapped it runs
        and gives another number (under TF 2.21, `binary_crossentropy(y_true, y_pred)` is
        0.11 where `binary_crossentropy(y_pred, y_true)` is 1.6 for the same well-fitted
        predictions: the loss reads chance-level outputs as badly wrong, and its gradient
        trains towards something else), or fails on the ranks
        (`sparse_softmax_cross_entropy_with_logits(labels=logits, logits=labels)`: "`labels.shape.rank`
        must equal `logits.shape.rank - 1`"). Evidence required: the names themselves follow
        those conventions the other way round: the first argument of a Keras, `tf_keras` or
        `keras.ops` crossentropy (or KL divergence) function is named as a prediction
        (`y_pred`, `output`, `pred`, `logits`...) and the second as the labels (`y_true`,
        `target`, `labels`...), or a `tf.nn` cross entropy's labels (`labels=`, or the first
        argument) are given a prediction's name and its logits a label's; a name built on
        them counts (`self.logits`, `pred_batch`, `y_batch`, `label_ids`, `input_y`). Other
        names say nothing and are left alone.
    """
    requires_text = ("entropy", "kl", "kld")

    def visit_Call(self, node: cst.Call) -> None:
        name = self.model.call_name(node)
        if name is None:
            return
        position = knowledge.logits_position(name)
        if position is not None:
            # `labels` comes just before `logits` (`tf.nn.sparse_softmax_cross_entropy_with_logits(
            # labels, logits)`; TF1's own `_sentinel` first)
            labels = argument(node, position - 1, "labels")
            logits = argument(node, position, "logits")
            if labels is None or logits is None:
                return
            first, second = labels, logits
        else:
            canonical = knowledge.canonical(name)
            if not canonical.startswith(("keras.", "tf_keras.")):
                return
            if canonical.rsplit(".", 1)[-1] not in _ASYMMETRIC_LOSSES:
                return
            positional = [a for a in node.args if a.keyword is None]
            if len(positional) < 2 or any(a.star for a in node.args):
                return
            first, second = positional[0].value, positional[1].value
        if not (_names_prediction(_side_name(first)) and _names_truth(_side_name(second))):
            return
        self.report(
            node,
            f"`{code(first)}` is passed where this loss takes the labels and `{code(second)}` "
            "where it takes the predictions: a crossentropy is not symmetric, so the loss is "
            f"another number (or fails); pass `{code(second)}` first",
            because=[("named as the predictions, given as the labels", first)],
        )


# --- TF113: symbolic gradients (`tf.gradients`, `K.gradients`) asked for in eager code ----------

# The graph-mode gradient functions: each builds gradient ops in the current graph and raises
# `RuntimeError: tf.gradients is not supported when eager execution is enabled` outside one.
_SYMBOLIC_GRADIENTS = frozenset(
    {
        "tensorflow.gradients",
        "tensorflow.compat.v1.gradients",
        "tensorflow.keras.backend.gradients",
        "tensorflow.compat.v1.keras.backend.gradients",
        "tf_keras.backend.gradients",
        "keras.backend.gradients",
    }
)
# Names whose presence means the module may build graphs of its own (or turn eager off).
_GRAPH_BUILDING_NAMES = frozenset(
    {
        "disable_eager_execution",
        "disable_v2_behavior",
        "as_default",
        "Graph",
        "FuncGraph",
        "get_default_graph",
        "placeholder",
        "Session",
    }
)


def _mentions_graph_building(model: ModuleModel) -> bool:
    def scan() -> bool:
        return any(n.value in _GRAPH_BUILDING_NAMES for n in model.nodes_of(cst.Name))

    return model.memo(_mentions_graph_building, scan)


def _traces_any(model: ModuleModel) -> bool:
    return model.memo(_traces_any, lambda: any(f.traced for f in model.functions))


def _runs_eagerly(model: ModuleModel, fn: FunctionInfo | None, depth: int = 0) -> bool:
    """Whether the code of ``fn`` (None: the module's own code) runs eagerly only: module-level
    code, or a function no ``tf.function`` traces that the module calls, and only from code
    that runs eagerly, or a top-level function nothing calls in a module that traces
    nothing."""
    if fn is None:
        return True
    if fn.traced or depth > 6 or fn.name == "<lambda>":
        return False
    sites = [site for site in model.call_sites if site.callee is fn]
    if not sites:
        # an entry point (a script's function called from elsewhere): eager when nothing in
        # the module is traced, so no `tf.function` of it can be the caller
        return fn.outer is None and fn.cls is None and not _traces_any(model)
    return all(
        id(site.call) not in (site.caller.lifted_calls if site.caller else ())
        and _runs_eagerly(model, site.caller, depth + 1)
        for site in sites
    )


class SymbolicGradientsInEagerCode(Rule):
    id = "TF113"
    call_names = frozenset({"gradients"})
    name = "symbolic-gradients-in-eager-code"
    category = "tf1-api"
    severity = "error"
    message = (
        "`tf.gradients` / `K.gradients` in code that runs eagerly: TensorFlow 2 raises "
        "RuntimeError; record the computation with `tf.GradientTape`"
    )
    rationale = """
        `tf.gradients(ys, xs)` and Keras 2's `K.gradients` (`tf.keras.backend.gradients`,
        which calls it) add gradient ops to the graph that holds `ys`: TF1 code asked for them
        while it built its graph and ran them later with `K.function` or a session. TensorFlow
        2 executes eagerly, and there is no graph: both raise `RuntimeError: tf.gradients is
        not supported when eager execution is enabled. Use tf.GradientTape instead.`, on
        eager tensors and on a tf-keras model's symbolic `model.output` alike (TF 2.21; Keras
        3 removed `K.gradients` altogether, TF010's). Compute the value under a
        `tf.GradientTape` and call `tape.gradient(...)`, or put the code in a `tf.function`,
        where `tf.gradients` works. Reported where the call runs eagerly by this module's
        code: at module level, in a function no `tf.function` traces that the module calls
        only from such code, or in a top-level function nothing in the module calls where
        the module traces nothing; not in a module that turns eager execution off or builds graphs
        of its own (`tf.Graph`, `as_default`, `placeholder`, `Session`).
    """
    requires_text = ("gradients",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, (cst.Attribute, cst.Name)) or self.context.in_traced_code:
            return
        name = self.model.call_name(node)
        if name not in _SYMBOLIC_GRADIENTS or _mentions_graph_building(self.model):
            return
        scope = self.context.scope
        fn = scope.function if scope is not None else None
        if scope is not None and fn is None and self.model.enclosing_class(scope) is not None:
            return  # a class body
        if not _runs_eagerly(self.model, fn):
            return
        where = "at module level" if fn is None else f"in `{fn.name}`, which runs eagerly"
        keras = " (and Keras 3 has no `backend.gradients`)" if "keras" in name else ""
        self.report(
            node,
            f"`{code(func)}` builds graph-mode gradients, but this code runs eagerly ({where}):"
            f" TensorFlow 2 raises RuntimeError{keras}; "
            "compute the value under a `tf.GradientTape` and call `tape.gradient`",
        )


# --- TF987: a trained model cloned with clone_model and used as if it kept the weights ----------

# What gives a clone weights of its own: copied, loaded, or trained.
_WEIGHT_GIVING = frozenset(
    {"set_weights", "load_weights", "fit", "train_on_batch", "fit_generator", "build_from"}
)
# What reads the weights a model holds.
_WEIGHT_READING = frozenset(
    {"predict", "predict_on_batch", "evaluate", "test_on_batch", "save", "save_weights"}
    | {"get_weights", "export", "predict_step"}
)
# What gives the original its trained weights before the clone.
_TRAINING = frozenset({"fit", "train_on_batch", "fit_generator", "load_weights"})


def _method_calls_on(model: ModuleModel, holder: cst.Name, scope: Scope | None) -> list:
    """(method, call) for each ``<holder>.method(...)`` of the module whose name binds to the
    same binding as ``holder`` (the object's uses in its own scope)."""
    binding = model.binding_of(holder, scope)
    found = []
    for call in model.nodes_of(cst.Call):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == holder.value
            and model.binding_of(func.value, scope).sites == binding.sites
        ):
            found.append((func.attr.value, call))
    return found


def _called_directly(model: ModuleModel, holder: cst.Name, scope: Scope | None) -> list:
    binding = model.binding_of(holder, scope)
    return [
        call
        for call in model.nodes_of(cst.Call)
        if isinstance(call.func, cst.Name)
        and call.func.value == holder.value
        and model.binding_of(call.func, scope).sites == binding.sites
    ]


class CloneModelWithoutWeights(Rule):
    id = "TF987"
    call_names = frozenset({"clone_model"})
    name = "clone-model-without-copying-weights"
    category = "api-misuse"
    severity = "error"
    message = (
        "a trained model is copied with `clone_model` and the copy is used for its weights: "
        "`clone_model` makes new, freshly initialised weights"
    )
    rationale = """
        `keras.models.clone_model(model)` rebuilds the model's architecture from its config:
        "Model cloning is similar to calling a model on new inputs, except that it creates
        new layers (and thus new weights) instead of sharing the weights of the existing
        layers" (`clone_model`'s docstring, Keras 3.15). The clone's weights are initialised afresh,
        so predicting, evaluating or saving it right after cloning a trained model gives an
        untrained model's results (TF 2.21, Keras 3 and tf-keras: the clone's predictions
        differ from the trained model's). Copy the weights, `clone.set_weights(
        model.get_weights())`, or train the clone. Reported where the module clones a model
        it trained or loaded weights into before (`fit`, `train_on_batch`, `load_weights`)
        and then predicts with, evaluates, saves or calls the clone, which it never gives
        weights (`set_weights`, `load_weights`) nor trains.
    """
    requires_text = ("clone_model",)

    def visit_Call(self, node: cst.Call) -> None:
        model, scope = self.model, self.context.scope
        name = model.call_name(node) or ""
        if not (is_keras(name) and name.endswith(".clone_model")):
            return
        source = argument(node, 0, "model")
        if not isinstance(source, cst.Name):
            return
        clone = self._assigned_to(node)
        if clone is None:
            return
        cloned_at = event_order(model, node)
        trained = [
            call
            for method, call in _method_calls_on(model, source, scope)
            if method in _TRAINING and 0 <= event_order(model, call) < cloned_at
        ]
        if not trained:
            return
        uses = _method_calls_on(model, clone, scope)
        if any(method in _WEIGHT_GIVING for method, _ in uses):
            return
        reads = [
            call
            for method, call in uses
            if method in _WEIGHT_READING and event_order(model, call) > cloned_at
        ]
        reads += [
            call
            for call in _called_directly(model, clone, scope)
            if event_order(model, call) > cloned_at
        ]
        if not reads or len(model.binding_of(clone, scope).sites) != 1:
            return
        read = min(reads, key=lambda call: event_order(model, call))
        self.report(
            node,
            f"`{code(clone)}` is a clone of the trained `{code(source)}` with fresh weights: "
            "`clone_model` copies the architecture, not the weights; copy them with "
            f"`{code(clone)}.set_weights({code(source)}.get_weights())`",
            because=[
                (f"`{code(source)}` is trained here", trained[0]),
                ("the clone's weights are read here", read),
            ],
        )

    def _assigned_to(self, node: cst.Call) -> cst.Name | None:
        """The name ``node``'s result is assigned to (``clone = clone_model(m)``)."""
        for assign in self.model.nodes_of(cst.Assign):
            if assign.value is node and len(assign.targets) == 1:
                target = assign.targets[0].target
                return target if isinstance(target, cst.Name) else None
        return None


# --- TF988: a nested model's inner layer output combined with the outer model's input -----------


def _single_value(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression:
    """What ``expr`` holds, through names bound once (up to 4)."""
    for _ in range(4):
        if not isinstance(expr, cst.Name):
            break
        values = model.bound_values(expr, scope)
        if len(values) != 1 or len(model.binding_of(expr, scope).sites) != 1:
            break
        expr = values[0]
    return expr


def _layer_of(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression | None:
    """The object whose layer ``expr`` takes: ``m`` of ``m.get_layer(...)`` or
    ``m.layers[i]``; None for anything else."""
    expr = _single_value(model, expr, scope)
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "get_layer"
    ):
        return expr.func.value
    if (
        isinstance(expr, cst.Subscript)
        and isinstance(expr.value, cst.Attribute)
        and expr.value.attr.value == "layers"
    ):
        return expr.value.value
    return None


def _same_object(
    model: ModuleModel, a: cst.BaseExpression, b: cst.BaseExpression, scope: Scope | None
) -> bool:
    if not (isinstance(a, cst.Name) and isinstance(b, cst.Name)) or a.value != b.value:
        return False
    return model.binding_of(a, scope).sites == model.binding_of(b, scope).sites


def _keras_input_call(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None) -> bool:
    value = _single_value(model, expr, scope)
    if not isinstance(value, cst.Call):
        return False
    name = knowledge.canonical(model.call_name(value) or "")
    return is_keras(name) and name.rsplit(".", 1)[-1] == "Input"


class NestedModelOutputWithOuterInput(Rule):
    id = "TF988"
    call_names = frozenset({"Model"})
    name = "nested-model-output-with-outer-input"
    category = "api-misuse"
    severity = "error"
    message = (
        "a model is built from an outer model's input and the output of a layer inside a "
        "model nested in it: that output is not connected to the outer input"
    )
    rationale = """
        A model used as a layer of another (a pretrained base called on the outer model's
        `Input`) keeps its own graph: its inner layers' `output` tensors are computed from
        the nested model's own `Input`, and calling the nested model on the outer input made
        a new node whose inner tensors no layer exposes. `keras.Model(outer.inputs,
        outer.get_layer("base").get_layer("conv").output)` (the Grad-CAM idiom applied to a
        transfer-learning model) therefore raises `ValueError: Output ... is not connected to
        inputs` (Keras 3; tf-keras: `Graph disconnected`), TF 2.21, for a functional or a
        Sequential outer model. Build the model on the nested model's own input
        (`base.input`, with `base.output` carried on through the head's layers by hand), or
        construct the outer model from `base.input` and `base.output` so its layers are the
        outer model's own. Reported where `Model(...)`'s inputs are `<m>.input`/`<m>.inputs`
        and an output is `.output` of a layer taken (`get_layer`, `layers[i]`) from a layer
        taken from the same `<m>`, which the module builds on an input of its own (a
        `Sequential`, or a functional model on `keras.Input(...)`): a model built on the
        nested model's own input (keras-hub's task models) has its inner outputs connected.
    """
    requires_text = ("get_layer", "layers[")

    def _own_input(self, outer: cst.BaseExpression, scope: Scope | None) -> bool:
        """Whether the module builds ``outer`` on an input of its own: a ``Sequential``, or a
        functional ``Model`` whose inputs are ``keras.Input(...)`` calls (not the nested
        model's own ``input``, whose inner tensors are then connected)."""
        model = self.model
        value = _single_value(model, outer, scope)
        if not isinstance(value, cst.Call):
            return False
        name = knowledge.canonical(model.call_name(value) or "")
        if not is_keras(name):
            return False
        leaf = name.rsplit(".", 1)[-1]
        if leaf == "Sequential":
            return True
        if leaf != "Model":
            return False
        inputs = argument(value, 0, "inputs")
        if inputs is None:
            return False
        inputs = _single_value(model, inputs, scope)
        if isinstance(inputs, (cst.List, cst.Tuple)):
            return bool(inputs.elements) and all(
                _keras_input_call(model, e.value, scope) for e in inputs.elements
            )
        return _keras_input_call(model, inputs, scope)

    def visit_Call(self, node: cst.Call) -> None:
        model, scope = self.model, self.context.scope
        name = knowledge.canonical(model.call_name(node) or "")
        if not (is_keras(name) and name.rsplit(".", 1)[-1] == "Model"):
            return
        inputs, outputs = argument(node, 0, "inputs"), argument(node, 1, "outputs")
        if inputs is None or outputs is None:
            return
        inputs = _single_value(model, inputs, scope)
        if not (isinstance(inputs, cst.Attribute) and inputs.attr.value in ("input", "inputs")):
            return
        outer = inputs.value
        outputs = _single_value(model, outputs, scope)
        elements = (
            [e.value for e in outputs.elements]
            if isinstance(outputs, (cst.List, cst.Tuple))
            else [outputs]
        )
        for element in elements:
            value = _single_value(model, element, scope)
            if not (isinstance(value, cst.Attribute) and value.attr.value == "output"):
                continue
            nested = _layer_of(model, value.value, scope)
            owner = _layer_of(model, nested, scope) if nested is not None else None
            if owner is None or not _same_object(model, owner, outer, scope):
                continue
            if not self._own_input(outer, scope):
                return
            self.report(
                node,
                f"`{code(value)}` is the output of a layer inside `{code(nested)}`, a model "
                f"nested in `{code(outer)}`: it is computed from the nested model's own input, "
                f"not from `{code(inputs)}`, so building the model raises ValueError (graph "
                "disconnected)",
                because=[(f"`{code(value)}` is read here", element)],
            )
            return


# --- TF995: a Keras layer's construction and call confused ---------------------------------------

# Keras's merge layers: called on one list of tensors.
_MERGE_LAYERS = frozenset(
    {"Concatenate", "Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "Dot"}
)
# Their functional forms: `concatenate(inputs, axis=-1)`, `add(inputs)`: the list first.
_MERGE_FUNCTIONS = frozenset(
    {"concatenate", "add", "subtract", "multiply", "average", "maximum", "minimum"}
)


def _keras_layer_name(model: ModuleModel, call: cst.Call) -> str | None:
    """The leaf name of the Keras layer class or `keras.layers` function ``call`` calls."""
    name = knowledge.canonical(model.call_name(call) or "")
    if not is_keras(name) or ".layers." not in name:
        return None
    return name.rsplit(".", 1)[-1]


class LayerConstructionAndCallConfused(Rule):
    id = "TF995"
    name = "layer-construction-and-call-confused"
    category = "api-misuse"
    severity = "error"
    message = (
        "a Keras layer is given a tensor where it takes its settings, or a layer object or "
        "separate tensors where it takes one tensor (or one list)"
    )
    rationale = """
        A Keras layer is built in two steps: the constructor takes its settings
        (`Dense(units)`, `GlobalMaxPooling2D(data_format=...)`), and calling the layer object
        takes the tensor (`GlobalMaxPooling2D()(x)`), and a merge layer takes its tensors as
        one list (`Concatenate()([a, b])`). Three slips of that order fail as the model is
        built (TF 2.21, Keras 3 and tf-keras): a Keras tensor passed to the constructor
        lands in its first setting (`ValueError: The data_format argument must be one of
        ...`, `Received an invalid value for units`; tf-keras `AttributeError` or
        `TypeError`); a layer object passed where a tensor goes (`pool(base.get_layer(
        "out_relu"))` instead of its `.output`) raises `ValueError: Only input tensors may be
        passed as positional arguments` (tf-keras: `TypeError: Inputs to a layer should be
        tensors`); and a merge layer called with its tensors as separate arguments
        (`Concatenate()(a, b)`, or `concatenate(a, b)`, where `b` lands in `axis`) raises
        `TypeError: too many positional arguments` or `ValueError: A Concatenate layer
        should be called on a list`; a merge layer given a list of layer or model objects
        (Keras 1's `Merge` took models: `concatenate([model_a, model_b])`) raises
        `ValueError: Only input tensors may be passed` (tf-keras: `TypeError`). Reported
        where a Keras layer class is constructed with
        a symbolic Keras tensor as its first positional argument, where a Keras layer object
        (built in the module) is called on what `get_layer(...)`, `<model>.layers[i]` or a
        layer constructor returns, where a Keras merge layer (or its function) is given a
        second positional Keras tensor, and where it is given a list (or a comprehension)
        of such layer objects or of what a function of the module returns when that always
        constructs a layer or model.
    """
    requires_text = ("keras",)

    def visit_Call(self, node: cst.Call) -> None:
        model, scope = self.model, self.context.scope
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        if not positional or any(a.star for a in node.args):
            return
        func = node.func
        if isinstance(func, cst.Call):
            self._layer_call(node, func, positional)
            return
        leaf = _keras_layer_name(model, node)
        if leaf is None:
            return
        if leaf in _MERGE_FUNCTIONS:
            if len(positional) >= 2 and keras_tensor(model, scope, positional[1]):
                self._separate(node, leaf, positional[1])
            else:
                self._merged_objects(node, leaf, positional[0])
            return
        if knowledge.class_kind(model.call_name(node)) != "layer" or leaf == "InputLayer":
            return
        first = positional[0]
        if keras_tensor(model, scope, first) or self._layer_output(first, scope, 0):
            self.report(
                node,
                f"`{code(first)}` is a tensor (a layer's output) passed to the constructor of `{leaf}`, which "
                "takes the layer's settings: it fails as the layer is built; construct the "
                f"layer, then call it: `{leaf}(...)({code(first)})`",
                because=[("the tensor", first)],
            )

    def _layer_call(
        self, node: cst.Call, construction: cst.Call, positional: list[cst.BaseExpression]
    ) -> None:
        """``Layer(...)(args)``: a layer object given, or a merge layer's separate tensors."""
        model, scope = self.model, self.context.scope
        leaf = _keras_layer_name(model, construction)
        if leaf is None or knowledge.class_kind(model.call_name(construction)) != "layer":
            return
        if leaf in _MERGE_LAYERS:
            if len(positional) >= 2 and keras_tensor(model, scope, positional[1]):
                self._separate(node, leaf, positional[1])
            else:
                self._merged_objects(node, leaf, positional[0])
            return
        given = positional[0]
        held = self._layer_object(given)
        if held is not None:
            self.report(
                node,
                f"`{code(given)}` holds a layer object, not a tensor: a Keras layer is called on "
                f"tensors; pass `{code(given)}.output`",
                because=[("the layer object", held)],
            )

    def _layer_output(self, expr: cst.BaseExpression, scope: Scope | None, depth: int) -> bool:
        """Whether ``expr`` holds what a Keras layer call returns (``Dense(2)(x)``, eager or
        symbolic), through names (every value they are bound to) and the module's functions
        that return only such values."""
        model = self.model
        if depth > 3:
            return False
        if isinstance(expr, cst.Call):
            if isinstance(expr.func, cst.Call):
                return knowledge.class_kind(model.call_name(expr.func)) == "layer"
            callee = model.callee(expr, scope)
            if callee is None or callee.is_generator:
                return False
            returned = model.return_values(callee)
            return bool(returned) and all(
                self._layer_output(r, callee, depth + 1) for r in returned
            )
        if isinstance(expr, cst.Name):
            # the assignment that reaches `expr` in straight-line code: the last one before it
            binding = model.binding_of(expr, scope)
            at = event_order(model, expr)
            before = [
                site
                for site in binding.sites
                if 0 <= site.order < at and not contains(site.value, expr)
            ]
            if not before or binding.scope is not scope:
                return False
            site = max(before, key=lambda s: s.order)
            if site.kind != SiteKind.ASSIGN or site.value is None or site.loop is not None:
                return False
            return self._layer_output(site.value, scope, depth + 1)
        return False

    def _layer_object(self, expr: cst.BaseExpression) -> cst.BaseExpression | None:
        """Where ``expr`` is given a Keras layer object: ``m.get_layer(...)``,
        ``m.layers[i]`` or a layer construction (through names bound once)."""
        model, scope = self.model, self.context.scope
        value = _single_value(model, expr, scope)
        if isinstance(value, cst.Call):
            func = value.func
            if isinstance(func, cst.Attribute) and func.attr.value == "get_layer":
                return value
            kind = knowledge.class_kind(model.call_name(value))
            return value if kind == "layer" else None
        if (
            isinstance(value, cst.Subscript)
            and isinstance(value.value, cst.Attribute)
            and value.value.attr.value == "layers"
        ):
            return value
        return None

    def _merged_objects(self, node: cst.Call, leaf: str, given: cst.BaseExpression) -> None:
        """A merge layer given a list of layer or model objects (Keras 1's ``Merge`` took
        models): ``concatenate([m1, m2])``, ``concatenate([branch(w) for w in sizes])``."""
        model, scope = self.model, self.context.scope
        value = _single_value(model, given, scope)
        if isinstance(value, (cst.List, cst.Tuple)):
            elements = [e.value for e in value.elements]
            if not elements or any(isinstance(e, cst.StarredElement) for e in value.elements):
                return
        elif isinstance(value, cst.ListComp):
            elements = [value.elt]
        else:
            return
        held = [self._layer_object(e) or self._made_object(e, scope) for e in elements]
        if not all(held):
            return
        self.report(
            node,
            f"`{leaf}` is given layer or model objects (`{code(given)}`), not their output "
            "tensors: a merge layer joins tensors; pass each one's `.output`",
            because=[("a layer or model object", held[0])],
        )

    def _made_object(self, expr: cst.BaseExpression, scope: Scope | None) -> cst.CSTNode | None:
        """The construction a call of the module's function returns, when every value it
        returns constructs a Keras layer or model."""
        model = self.model
        if not isinstance(expr, cst.Call):
            return None
        callee = model.callee(expr, scope)
        if callee is None or callee.is_generator:
            return None
        returned = model.return_values(callee)
        if not returned or not all(
            isinstance(r, cst.Call)
            and knowledge.class_kind(model.call_name(r)) in ("layer", "model")
            for r in returned
        ):
            return None
        return returned[0]

    def _separate(self, node: cst.Call, leaf: str, second: cst.BaseExpression) -> None:
        self.report(
            node,
            f"`{leaf}` is given its tensors as separate arguments: a merge layer takes one list "
            f"of tensors (`{leaf}(...)([a, b])`); `{code(second)}` fails there",
            because=[("a second tensor, passed on its own", second)],
        )

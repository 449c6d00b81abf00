"""APIs removed or changed in Keras 3, the `tf.keras` of TensorFlow 2.16 and later.

Every rule here declares ``since_tensorflow = "2.16"``: with an older `target-tensorflow`,
`tf.keras` is Keras 2 and this code is correct. Code written against `tf_keras` (the Keras 2
package kept for migration) is not reported either.
"""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo, ModuleModel, dotted_name
from tf2lint.rule import Rule
from tf2lint.rules.common import constructed_by, keras_optimizer_class

# Spellings of Keras 3 from TF 2.16 on (tf_keras and tensorflow.python.keras stay Keras 2).
KERAS3_ROOTS = ("tensorflow.keras.", "keras.", "tensorflow.compat.v1.keras.")


def keras3(name: str | None, *suffixes: str) -> bool:
    """Whether ``name`` is a Keras 3 API ending in one of ``suffixes`` (any, if none given)."""
    if not name:
        return False
    for root in KERAS3_ROOTS:
        if name.startswith(root):
            rest = name[len(root) :].removeprefix("src.")
            return not suffixes or any(rest == s or rest.endswith("." + s) for s in suffixes)
    return False


def uses_tf_keras(model: ModuleModel) -> bool:
    """The module works with the Keras 2 package ``tf_keras``: its objects keep the Keras 2 API."""
    return any(q.startswith(("tf_keras", "tensorflow.python.keras")) for q in model.imported)


class _Keras3Rule(Rule):
    category = "keras3"
    since_tensorflow = "2.16"


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _dotted(node: cst.BaseExpression) -> str:
    """An imported module's dotted name, without generating code for it."""
    return dotted_name(node) or _code(node)


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


# --- removed modules and functions, found by their qualified name -------------------------------


class _RemovedApiRule(_Keras3Rule):
    """Reports each use of a removed module/function: attribute chains and imports."""

    leaves: frozenset[str] = frozenset()  # last components, a cheap first check

    def removed(self, qualified: str) -> bool:  # the exact removed name, or a prefix of one
        raise NotImplementedError

    def __init__(self, context) -> None:
        super().__init__(context)
        self._import_depth = 0

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self._import_depth or node.attr.value not in self.leaves:
            return
        name = self.model.qualified_name(node)
        if name is not None and self.removed(name):
            self.report(node, self.describe(_code(node)))

    def visit_Import(self, node: cst.Import) -> None:
        self._import_depth += 1
        for alias in node.names:
            name = _dotted(alias.name)
            if self.removed(name):
                self.report(node, self.describe(name))
                return

    def leave_Import(self, node: cst.Import) -> None:
        self._import_depth -= 1

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self._import_depth += 1
        if node.relative or node.module is None:
            return
        base = _dotted(node.module)
        if self.removed(base):
            self.report(node, self.describe(base))
            return
        if isinstance(node.names, cst.ImportStar):
            return
        for alias in node.names:
            name = f"{base}.{_dotted(alias.name)}"
            if self.removed(name):
                self.report(node, self.describe(name))
                return

    def leave_ImportFrom(self, node: cst.ImportFrom) -> None:
        self._import_depth -= 1

    def describe(self, code: str) -> str:
        return f"`{code}`: {self.message}"


def _under(name: str, paths: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in paths)


class KerasLegacyOptimizers(_RemovedApiRule):
    id = "TF002"
    name = "keras-legacy-optimizers"
    severity = "error"
    message = "`tf.keras.optimizers.legacy` is not supported in Keras 3"
    rationale = """
        TF 2.16 made Keras 3 the default `tf.keras`, and Keras 3 has no legacy (TF1-style)
        optimizers: any use of `tf.keras.optimizers.legacy.*` raises `ImportError:
        keras.optimizers.legacy is not supported in Keras 3`. Use the Keras 3 optimizer of
        the same name (`tf.keras.optimizers.Adam`); its variables and checkpoint layout
        differ, so old optimizer checkpoints do not restore into it. To keep the legacy
        optimizer, install `tf_keras` and use `tf_keras.optimizers.legacy` with
        `TF_USE_LEGACY_KERAS=1`.
    """
    leaves = frozenset({"legacy"})
    _paths = tuple(root + "optimizers.legacy" for root in KERAS3_ROOTS)

    def removed(self, qualified: str) -> bool:
        return _under(qualified.replace(".src.", "."), self._paths)


class KerasBackendSession(_RemovedApiRule):
    id = "TF005"
    name = "keras-backend-session"
    severity = "error"
    message = "`tf.keras.backend.get_session`/`set_session` were removed in Keras 3"
    rationale = """
        Keras 3 has no TF1 session: `tf.keras.backend.get_session()` and `set_session()` raise
        `AttributeError` from TF 2.16 on. In TF2 code there is nothing to get: run eagerly or in
        a `tf.function`. TF1 graph code that really needs a session should use
        `tf.compat.v1.Session` directly (or `tf_keras` with `TF_USE_LEGACY_KERAS=1`).
    """
    leaves = frozenset({"get_session", "set_session"})
    _paths = tuple(
        root + "backend." + fn for root in KERAS3_ROOTS for fn in ("get_session", "set_session")
    )

    def removed(self, qualified: str) -> bool:
        return _under(qualified, self._paths)


class TfEstimatorRemoved(_RemovedApiRule):
    id = "TF006"
    name = "tf-estimator-removed"
    severity = "error"
    message = "`tf.estimator` was removed in TensorFlow 2.16"
    rationale = """
        TF 2.16 stopped shipping `tensorflow_estimator`: `tf.estimator` (and
        `tf.compat.v1.estimator`) raise `AttributeError: module 'tensorflow' has no attribute
        'estimator'`. Port the model to Keras (`model.fit`) or to a custom training loop with
        `tf.GradientTape`; `tf.train.Checkpoint` replaces the estimator's checkpointing.
    """
    leaves = frozenset({"estimator"})
    _paths = ("tensorflow.estimator", "tensorflow.compat.v1.estimator", "tensorflow_estimator")

    def removed(self, qualified: str) -> bool:
        return _under(qualified, self._paths)


class KerasLayersExperimental(_RemovedApiRule):
    id = "TF009"
    name = "keras-layers-experimental"
    severity = "error"
    message = "`tf.keras.layers.experimental` was removed in Keras 3; the layers moved up"
    rationale = """
        Keras 2.6 moved the preprocessing layers (`Rescaling`, `Normalization`,
        `RandomFlip`, `TextVectorization`...) and `EinsumDense` out of
        `tf.keras.layers.experimental[.preprocessing]` into `tf.keras.layers`; Keras 3 removed
        the old namespace, so it raises `AttributeError` from TF 2.16 on. Use
        `tf.keras.layers.Rescaling` and friends.
    """
    leaves = frozenset({"experimental"})
    _paths = tuple(root + "layers.experimental" for root in KERAS3_ROOTS)

    def removed(self, qualified: str) -> bool:
        return _under(qualified, self._paths)


# --- methods and arguments, which need evidence of the receiver ---------------------------------


def _is_metric_constructor(name: str) -> bool:
    return keras3(name) and ".metrics." in name and name.rsplit(".", 1)[-1][:1].isupper()


class MetricResetStates(_Keras3Rule):
    id = "TF001"
    name = "metric-reset-states"
    severity = "error"
    message = "Keras 3 metrics have `reset_state()`, not `reset_states()`"
    rationale = """
        Keras 2 renamed `Metric.reset_states()` to `reset_state()` and kept an alias; Keras 3
        (the `tf.keras` of TF 2.16+) dropped it, so `metric.reset_states()` raises
        `AttributeError: 'Mean' object has no attribute 'reset_states'` at the end of the first
        epoch. Call `reset_state()`. Evidence required, because stateful RNN layers still have a
        `reset_states()`: the receiver is bound to a Keras metric constructor
        (`tf.keras.metrics.Mean(...)`) in this module (a name or `self.<attr>`), or is the loop
        variable of `for m in <model>.metrics`.
    """
    fix_applicability = "safe"
    fix_safety = "Safe: `reset_state()` is the same method under its Keras 3 name."

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "reset_states"):
            return
        if node.args or uses_tf_keras(self.model) or not self._is_metric(func.value):
            return
        self.report(
            node,
            f"`{_code(func.value)}.reset_states()` raises AttributeError in Keras 3; use "
            "`reset_state()`",
            replacement=node.with_changes(func=func.with_changes(attr=cst.Name("reset_state"))),
            fix_description="rename to `reset_state`",
        )

    def _is_metric(self, receiver: cst.BaseExpression) -> bool:
        if constructed_by(self.model, self.context.scope, receiver, _is_metric_constructor):
            return True
        if isinstance(receiver, cst.Name):
            for loop in self.context.loops:
                if (
                    isinstance(loop, cst.For)
                    and isinstance(loop.target, cst.Name)
                    and loop.target.value == receiver.value
                    and isinstance(loop.iter, cst.Attribute)
                    and loop.iter.attr.value == "metrics"
                ):
                    return True
        return False


def _is_model_constructor(model: ModuleModel):
    def accept(name: str) -> bool:
        return keras3(
            name,
            "Sequential",
            "Model",
            "models.load_model",
            "saving.load_model",
            "models.clone_model",
            "models.model_from_json",
        ) or (keras3(name) and ".applications." in name and name.rsplit(".", 1)[-1][:1].isupper())

    return accept


def keras_model_receiver(
    model: ModuleModel, fn: FunctionInfo | None, expr: cst.BaseExpression
) -> bool:
    """Evidence that ``expr`` is a Keras 3 model: ``self`` in a Keras Model subclass, or a name
    / ``self.<attr>`` bound in this module to a Keras model constructor, a loader, or a
    subclass of Model defined in this module."""
    if isinstance(expr, cst.Name) and expr.value == "self":
        cls = model.enclosing_class(fn)
        return cls is not None and cls.keras_kind == "model"
    if constructed_by(model, fn, expr, _is_model_constructor(model)):
        return True
    for value in model.bound_values(expr, fn):
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            cls = model.module_classes.get(value.func.value)
            if cls is not None and cls.keras_kind == "model":
                return True
    return False


class SaveFormatArgument(_Keras3Rule):
    id = "TF003"
    name = "save-format-argument"
    severity = "error"
    message = "`save_format=` is not supported in Keras 3; the file extension picks the format"
    rationale = """
        Keras 3 removed `save_format`: `model.save(path, save_format="tf")` raises
        `ValueError: The save_format argument is deprecated in Keras 3` unless the path ends
        in `.keras` or `.h5`, where the argument is ignored. Save with
        `model.save("model.keras")` (native format) and export a TF SavedModel for serving
        with `model.export("dir")` or `tf.saved_model.save(model, "dir")`. Evidence required:
        the `save_format=` keyword on a `save`, `save_weights` or `save_model` call (the
        keyword is Keras-specific); modules that import `tf_keras` are not reported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        leaf = func.attr.value if isinstance(func, cst.Attribute) else None
        if leaf not in ("save", "save_weights", "save_model"):
            return
        arg = _keyword(node, "save_format")
        if arg is None or uses_tf_keras(self.model):
            return
        self.report(
            arg,
            f"`{_code(arg).rstrip(', ')}` fails in Keras 3 unless the path ends in `.keras`/`.h5`; "
            "drop it and use `.keras` (or `model.export()` for a SavedModel)",
        )


_MODEL_EXTENSIONS = (".keras", ".h5", ".hdf5")


class SavePathWithoutExtension(_Keras3Rule):
    id = "TF004"
    name = "save-path-without-extension"
    severity = "error"
    message = "Keras 3 `save`/`save_weights` need a `.keras`/`.weights.h5` file name"
    rationale = """
        In Keras 2 `model.save("dir")` wrote a TF SavedModel directory and
        `model.save_weights("ckpt")` a TF checkpoint. Keras 3 writes only its own files:
        `model.save` raises `ValueError: Invalid filepath extension for saving` unless the path
        ends in `.keras` (or legacy `.h5`), and `save_weights` raises unless it ends in
        `.weights.h5`. Use `model.save("model.keras")`, `model.save_weights("w.weights.h5")`,
        `model.export("dir")` for a SavedModel, or `tf.train.Checkpoint` for checkpoints.
        Evidence required: the path is a string literal (or an f-string / `os.path.join` ending
        in one) and the receiver is a Keras model by construction in this module
        (`tf.keras.Sequential`, `tf.keras.Model`, `load_model`, an application, a Model
        subclass defined here) or `self` in a Model subclass; `tf.keras.models.save_model(m,
        path)` is checked too.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if method not in ("save", "save_weights", "save_model"):
            return
        if _keyword(node, "save_format") is not None or uses_tf_keras(self.model):
            return  # TF003 reports it
        fn = self.context.function
        positional = [a.value for a in node.args if a.keyword is None]
        filepath = _keyword(node, "filepath")
        if method == "save_model":
            if not keras3(self.model.call_name(node), "models.save_model", "saving.save_model"):
                return
            path = filepath.value if filepath else (positional[1] if len(positional) > 1 else None)
        else:
            if not keras_model_receiver(self.model, fn, func.value):
                return
            path = filepath.value if filepath else (positional[0] if positional else None)
        text = _literal_tail(self.model, path)
        if text is None or text.startswith("hf://"):
            return
        if method == "save_weights":
            if text.endswith(".weights.h5"):
                return
            expected = "`.weights.h5`"
        else:
            if text.endswith(_MODEL_EXTENSIONS):
                return
            expected = "`.keras` (or `.h5`)"
        self.report(
            node,
            f"`{method}` to {text!r} raises ValueError in Keras 3: the name must end in {expected}",
        )


def _literal_tail(model: ModuleModel, expr: cst.BaseExpression | None) -> str | None:
    """The text a path expression ends with, when the code spells it out."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    if isinstance(expr, cst.FormattedString):
        last = expr.parts[-1] if expr.parts else None
        if isinstance(last, cst.FormattedStringText):
            return last.value
        return None
    if isinstance(expr, cst.Call) and model.call_name(expr) == "os.path.join" and expr.args:
        return _literal_tail(model, expr.args[-1].value)
    return None


_GENERATOR_METHODS = {
    "fit_generator": "fit",
    "evaluate_generator": "evaluate",
    "predict_generator": "predict",
}
_GENERATOR_ONLY_KEYWORDS = frozenset(
    {"generator", "workers", "use_multiprocessing", "max_queue_size"}
)


class GeneratorMethodsRemoved(_Keras3Rule):
    id = "TF007"
    name = "generator-methods-removed"
    severity = "error"
    message = "`fit_generator`/`evaluate_generator`/`predict_generator` were removed in Keras 3"
    rationale = """
        `Model.fit_generator`, `evaluate_generator` and `predict_generator` were deprecated in
        TF 2.1, when `fit`, `evaluate` and `predict` learned to take generators, and Keras 3
        removed them: they raise `AttributeError` from TF 2.16 on. Call `fit`/`evaluate`/
        `predict` with the generator (or a `tf.data.Dataset`, or a `keras.utils.PyDataset`
        for parallel loading). Evidence: the method names are Keras-specific; modules that
        import `tf_keras` are not reported.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: `fit` takes the generator as `x` and no longer accepts `workers`, "
        "`use_multiprocessing` or `max_queue_size` (calls passing them are not rewritten); "
        "`steps_per_epoch` and the rest keep their meaning."
    )

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _GENERATOR_METHODS:
            return
        if uses_tf_keras(self.model):
            return
        old = func.attr.value
        new = _GENERATOR_METHODS[old]
        message = f"`{old}` raises AttributeError in Keras 3; use `{new}`, which takes generators"
        if any(
            a.keyword is not None and a.keyword.value in _GENERATOR_ONLY_KEYWORDS for a in node.args
        ):
            self.report(node, message)
            return
        self.report(
            node,
            message,
            replacement=node.with_changes(func=func.with_changes(attr=cst.Name(new))),
            fix_description=f"rename to `{new}`",
        )


class OptimizerLrArgument(_Keras3Rule):
    id = "TF008"
    name = "optimizer-lr-argument"
    severity = "error"
    message = "Keras 3 optimizers do not accept `lr=`; use `learning_rate=`"
    rationale = """
        Keras optimizers renamed `lr` to `learning_rate` in TF 2.0 and kept `lr` as a
        deprecated alias; Keras 3 removed it, so `tf.keras.optimizers.Adam(lr=1e-3)` raises
        `ValueError: Argument(s) not recognized: {'lr': 0.001}` from TF 2.16 on. Pass
        `learning_rate=`. Evidence required: the keyword on a call that resolves to a Keras 3
        optimizer class (`tf.keras.optimizers.*`, `keras.optimizers.*`).
    """
    fix_applicability = "safe"
    fix_safety = "Safe: `learning_rate` is the same argument under its current name."

    def visit_Call(self, node: cst.Call) -> None:
        arg = _keyword(node, "lr")
        if arg is None:
            return
        name = self.model.call_name(node)
        if not keras_optimizer_class(name) or not (
            keras3(name) or (name or "").startswith("tensorflow.optimizers.")
        ):
            return
        if _keyword(node, "learning_rate") is not None:
            return
        self.report(
            arg,
            replacement=arg.with_changes(keyword=cst.Name("learning_rate")),
            fix_description="rename to `learning_rate`",
        )

"""TF100-TF199: TensorFlow 1 API left in code that runs on TensorFlow 2.

Everything ``tf_upgrade_v2`` knows (its renames, keyword renames, argument reorders, function
warnings, special cases and deprecated modules) comes from ``data/tf1_migration.json``, which
``scripts/generate_migration_data.py`` generates from the installed TensorFlow; the linter reads
it lazily, once per process, and never imports TensorFlow.

Unlike ``tf_upgrade_v2``, which matches the literal text ``tf.``, every reference is resolved
through the module's imports: ``import tensorflow.compat.v1 as tf``, ``import tensorflow as
tensorflow_lib``, ``from tensorflow.contrib import layers as contrib_layers`` all work.

Fixes that need a TF2 name use the module's own alias of ``tensorflow`` (``import tensorflow as
tf``); when the module has none and the name ``tf`` is free, the fix also inserts
``import tensorflow as tf`` after the module docstring and ``__future__`` imports. A module that
imports only ``tensorflow.compat.v1 as tf`` uses ``tf`` for TF2 names that also exist in
``tf.compat.v1``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from tf2lint.lazy import cst
from tf2lint.model import dotted_name, is_keras
from tf2lint.rule import Rule

V1 = "tensorflow.compat.v1"

# The TF2 idiom for TF1 machinery, by the longest matching prefix of its TF1 name.
IDIOMS = {
    "tf.Session": "run eagerly and put the step in a `@tf.function`",
    "tf.InteractiveSession": "run eagerly; TF2 executes ops immediately",
    "tf.placeholder": "pass tensors as arguments to a `@tf.function` (with an `input_signature`)",
    "tf.placeholder_with_default": "pass the value as a `@tf.function` argument with a default",
    "tf.sparse_placeholder": "pass a `tf.SparseTensor` argument to a `@tf.function`",
    "tf.get_variable": "create `tf.Variable`s in a `tf.Module` or Keras layer",
    "tf.variable_scope": "create variables in a `tf.Module` or Keras layer; "
    "use `tf.name_scope` for names",
    "tf.get_variable_scope": "track variables on objects (`tf.Module`, Keras layers)",
    "tf.AUTO_REUSE": "reuse a variable by keeping a reference to it on an object",
    "tf.global_variables_initializer": "drop it: TF2 variables are initialised when created",
    "tf.local_variables_initializer": "drop it: TF2 variables are initialised when created",
    "tf.initialize_all_variables": "drop it: TF2 variables are initialised when created",
    "tf.variables_initializer": "drop it: TF2 variables are initialised when created",
    "tf.tables_initializer": "drop it: TF2 lookup tables are initialised when created",
    "tf.get_collection": "track values on objects (`module.trainable_variables`, `layer.losses`)",
    "tf.add_to_collection": "keep the value on an object instead of a graph collection",
    "tf.GraphKeys": "track values on objects (`module.trainable_variables`, `model.losses`)",
    "tf.global_variables": "use `module.variables` of a `tf.Module` or Keras model",
    "tf.trainable_variables": "use `module.trainable_variables` of a `tf.Module` or Keras model",
    "tf.get_default_graph": "use `@tf.function`; TF2 has no default graph to build in",
    "tf.reset_default_graph": "drop it: TF2 has no default graph",
    "tf.train.Saver": "use `tf.train.Checkpoint` and `tf.train.CheckpointManager`",
    "tf.train.Optimizer": "use a `tf.keras.optimizers` optimizer",
    "tf.train.GradientDescentOptimizer": "use `tf.keras.optimizers.SGD`",
    "tf.train.MomentumOptimizer": "use `tf.keras.optimizers.SGD(momentum=...)`",
    "tf.train.AdamOptimizer": "use `tf.keras.optimizers.Adam`",
    "tf.train.AdagradOptimizer": "use `tf.keras.optimizers.Adagrad`",
    "tf.train.RMSPropOptimizer": "use `tf.keras.optimizers.RMSprop`",
    "tf.train.AdadeltaOptimizer": "use `tf.keras.optimizers.Adadelta`",
    "tf.train.FtrlOptimizer": "use `tf.keras.optimizers.Ftrl`",
    "tf.train.start_queue_runners": "use a `tf.data` input pipeline",
    "tf.train.QueueRunner": "use a `tf.data` input pipeline",
    "tf.train.Coordinator": "use a `tf.data` input pipeline",
    "tf.train.string_input_producer": "use `tf.data.Dataset.from_tensor_slices`",
    "tf.train.batch": "use `tf.data.Dataset.batch`",
    "tf.train.shuffle_batch": "use `tf.data.Dataset.shuffle(...).batch(...)`",
    "tf.train.MonitoredTrainingSession": "write a training loop with `@tf.function` or Keras fit",
    "tf.train.SessionRunHook": "use Keras callbacks or a custom training loop",
    "tf.train.exponential_decay": "use `tf.keras.optimizers.schedules.ExponentialDecay`",
    "tf.train.get_or_create_global_step": "keep the step in a `tf.Variable` or `optimizer.iterations`",
    "tf.train.get_global_step": "keep the step in a `tf.Variable` or `optimizer.iterations`",
    "tf.data.make_one_shot_iterator": "iterate the dataset directly (`for x in dataset`, `iter(dataset)`)",
    "tf.data.make_initializable_iterator": "iterate the dataset directly; re-iterate it to restart",
    "tf.layers": "use `tf.keras.layers`",
    "tf.losses": "use `tf.keras.losses`",
    "tf.metrics": "use `tf.keras.metrics`",
    "tf.nn.rnn_cell": "use Keras RNN layers and cells (`tf.keras.layers.LSTMCell`, ...)",
    "tf.logging": "use `absl.logging` or Python's `logging` (`tf.get_logger()`)",
    "tf.app": "use `absl.app`",
    "tf.flags": "use `absl.flags`",
    "tf.estimator": "use Keras (`model.fit`) or a custom training loop; "
    "tf.estimator was removed in TF 2.16",
    "tf.summary.FileWriter": "use `tf.summary.create_file_writer` and `tf.summary.scalar(..., step=)`",
    "tf.summary.merge_all": "write summaries eagerly under `writer.as_default()`",
    "tf.summary.merge": "write summaries eagerly under `writer.as_default()`",
    "tf.py_func": "use `tf.numpy_function` (or `tf.py_function`)",
    "tf.Print": "use `tf.print` (it returns an op, not its input)",
    "tf.assign": "use `variable.assign(...)`",
    "tf.assign_add": "use `variable.assign_add(...)`",
    "tf.assign_sub": "use `variable.assign_sub(...)`",
    "tf.contrib": "use core TensorFlow, Keras or TensorFlow Addons; tf.contrib does not exist in TF2",
    "tf.disable_v2_behavior": "remove it and write TF2 code",
    "tf.disable_eager_execution": "remove it and write TF2 code",
    "tf.enable_eager_execution": "remove it: TF2 runs eagerly by default",
}
# TF1 namespaces tf_upgrade_v2's tables no longer cover, with what they became.
TF1_ONLY = {
    "tf.layers": "`tf.compat.v1.layers` works only with the `tf_keras` package",
}
# Deprecated modules besides tf_upgrade_v2's own, with the level it would use.
EXTRA_DEPRECATED = {
    "tf.estimator": "tf.estimator was removed in TensorFlow 2.16.",
}
BEHAVIOUR_SWITCHES = frozenset(
    {
        "tf.disable_v2_behavior",
        "tf.disable_eager_execution",
        "tf.disable_v2_tensorshape",
        "tf.disable_resource_variables",
        "tf.disable_control_flow_v2",
        "tf.disable_tensor_equality",
    }
)
CAST_TYPES = {
    "tf.to_bfloat16": "bfloat16",
    "tf.to_complex128": "complex128",
    "tf.to_complex64": "complex64",
    "tf.to_double": "float64",
    "tf.to_float": "float32",
    "tf.to_int32": "int32",
    "tf.to_int64": "int64",
}
# TF1 API whose TF2 namesake differs: a module using it keeps its compat.v1 import.
BLOCKING = ("tf.summary.", "tf.name_scope", "tf.contrib", "tf.estimator", "tf.flags")
ITERATOR_METHODS = frozenset({"make_one_shot_iterator", "make_initializable_iterator"})
TRANSFORM_MESSAGES = {
    "_image_resize_transformer": "use `tf.image.resize(..., method=tf.image.ResizeMethod.{M})`",
    "_softmax_cross_entropy_with_logits_transformer": (
        "in TF2 gradients flow into `labels` too; wrap them in `tf.stop_gradient`"
    ),
    "_pool_seed_transformer": "TF2 dropped `seed2` and `deterministic`; pass one non-zero `seed`",
    "_extract_glimpse_transformer": "TF2 replaced `uniform_noise` by `noise='uniform'`",
    "_add_uniform_scaling_initializer_transformer": (
        "use `tf.keras.initializers.VarianceScaling(distribution='uniform')`"
    ),
    "_string_split_rtype_transformer": "TF2 `tf.strings.split` returns a RaggedTensor",
    "_add_argument_transformer": "TF2 changed the default of this call; pass it explicitly",
    "_contrib_layers_l1_regularizer_transformer": "use `tf.keras.regularizers.l1`",
    "_contrib_layers_l2_regularizer_transformer": "use `tf.keras.regularizers.l2` (scale / 2)",
    "_contrib_layers_xavier_initializer_transformer": "use `tf.keras.initializers.GlorotUniform`",
    "_contrib_layers_variance_scaling_initializer_transformer": (
        "use `tf.keras.initializers.VarianceScaling`"
    ),
    "_add_summary_step_transformer": "TF2 summaries take a `step=` argument",
    "_add_summary_recording_cond_transformer": "use `tf.summary.record_if`",
}


class Migration:
    """tf_upgrade_v2's tables, loaded once per process."""

    def __init__(self, data: dict) -> None:
        self.version: str = data["tensorflow_version"]
        self.renames: dict[str, str] = data["renames"]
        self.rename_safety: dict[str, str] = data["rename_safety"]
        self.renames_in_v1: frozenset[str] = frozenset(data["renames_in_v1"])
        self.keyword_renames: dict[str, dict[str, str | None]] = data["keyword_renames"]
        self.reorders: dict[str, list[str | None]] = data["reorders"]
        self.warnings: dict[str, list[str]] = data["warnings"]
        self.arg_warnings: dict[str, list[list]] = data["arg_warnings"]
        self.transformers: dict[str, dict[str, str]] = data["transformers"]
        self.in_v2: frozenset[str] = frozenset(data["in_v2"])
        self.reorder_v2_params: dict[str, list[str]] = data["reorder_v2_params"]
        self.module_deprecations: dict[str, list[str]] = dict(data["module_deprecations"])
        for name, message in EXTRA_DEPRECATED.items():
            self.module_deprecations.setdefault(name, ["ERROR", message])

    def idiom(self, name: str) -> str | None:
        parts = name.split(".")
        for i in range(len(parts), 1, -1):
            found = IDIOMS.get(".".join(parts[:i]))
            if found:
                return found
        return None


@cache
def migration() -> Migration:
    text = resources.files("tf2lint.rules").joinpath("data/tf1_migration.json").read_text("utf-8")
    return Migration(json.loads(text))


# --- resolving references -----------------------------------------------------------------------


class Reference:
    """A TensorFlow reference: the node, its TF1-style name ``tf.a.b`` and how it was spelled."""

    __slots__ = ("explicit_v1", "head_length", "name", "node")

    def __init__(self, node, name, explicit_v1, head_length):
        self.node = node
        self.name = name  # "tf.a.b", with any compat.v1 stripped
        self.explicit_v1 = explicit_v1  # spelled `tf.compat.v1.x` in code that imports TF2
        self.head_length = head_length  # name parts the import alias itself stands for

    def prefix_node(self, length: int) -> cst.BaseExpression | None:
        """The sub-expression that stands for the first ``length`` parts of the name."""
        strip = len(self.name.split(".")) - length
        node = self.node
        for _ in range(strip):
            if not isinstance(node, cst.Attribute):
                return None
            node = node.value
        # The node must cover the alias: prefixes shorter than the import cannot be rewritten.
        return node if length >= self.head_length else None


def tf1_name(model, node: cst.BaseExpression) -> tuple[str, bool, int] | None:
    """``("tf.a.b", explicit_v1, head_length)`` for a reference to TensorFlow, else None."""
    dotted = dotted_name(node)
    if dotted is None:
        return None
    head = dotted.split(".", 1)[0]
    target = model.imports.get(head)
    if target is None or not (target == "tensorflow" or target.startswith("tensorflow.")):
        return None
    qualified = model.qualified_name(node)
    if qualified is None:
        return None
    head_target = target
    explicit = False
    if qualified.startswith(V1 + ".") or qualified == V1:
        explicit = not head_target.startswith(V1)
        rest = qualified[len(V1) :]
        head_target = "tensorflow" + head_target[len(V1) :] if not explicit else head_target
    elif qualified.startswith("tensorflow.") or qualified == "tensorflow":
        rest = qualified[len("tensorflow") :]
    else:
        return None
    if head_target.startswith("tensorflow.compat.v2"):
        head_target = "tensorflow" + head_target[len("tensorflow.compat.v2") :]
    head_length = head_target.count(".") + 1
    if explicit:
        head_length = 1  # tf.compat.v1.x: the whole chain is spelled out
    return "tf" + rest, explicit, head_length


class _Aliases:
    """How fixes spell TF2 names in this module, and the import edit when none is usable."""

    def __init__(self, model) -> None:
        self.model = model
        self.v2: str | None = None
        self.v1: str | None = None
        for local, target in model.imports.items():
            if target in ("tensorflow", "tensorflow.compat.v2") and (
                self.v2 is None or local == "tf"
            ):
                self.v2 = local
            elif target == V1 and (self.v1 is None or local == "tf"):
                self.v1 = local
        self._anchor = None

    def spell(
        self, name: str, *, needs_v2: bool = False, in_v1: bool = False
    ) -> tuple[str, list] | None:
        """``name`` ("tf.x.y") as this module can write it, with the edits that makes possible.

        ``in_v1``: the caller knows ``tf.compat.v1`` has the name too."""
        if self.v2 is not None:
            return self.v2 + name[2:], []
        if self.v1 is not None and not needs_v2 and (in_v1 or name in migration().renames_in_v1):
            return self.v1 + name[2:], []
        edit = self.import_edit()
        if edit is None:
            return None
        return name, [edit]

    def import_edit(self):
        """Insert ``import tensorflow as tf`` before the first statement after the docstring
        and ``__future__`` imports, when the name ``tf`` is free."""
        model = self.model
        if "tf" in model.imports or "tf" in model.module_assignments:
            return None
        if "tf" in model.module_functions or "tf" in model.module_classes:
            return None
        body = model.module.body
        index = 0
        if body and _is_docstring(body[0]):
            index = 1
        while index < len(body) and _is_future_import(body[index]):
            index += 1
        if index >= len(body):
            return None
        anchor = body[index]
        statement = cst.parse_statement("import tensorflow as tf\n")
        moved = anchor.with_changes(leading_lines=())
        statement = statement.with_changes(leading_lines=anchor.leading_lines)
        return anchor, cst.FlattenSentinel([statement, moved])


def _is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _is_future_import(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.ImportFrom)
        and statement.body[0].module is not None
        and dotted_name(statement.body[0].module) == "__future__"
    )


def _equal() -> cst.AssignEqual:
    """``=`` of a keyword argument, without spaces."""
    return cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
    )


def _expr(code: str) -> cst.BaseExpression:
    return cst.parse_expression(code)


def _atomic(node: cst.BaseExpression) -> bool:
    return isinstance(
        node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)
    ) or bool(getattr(node, "lpar", ()))


class _State:
    """Per-module state shared by the tf1-api rules: every TensorFlow reference of the module,
    resolved and classified once, before any rule reports."""

    def __init__(self, model) -> None:
        self.model = model
        self.aliases = _Aliases(model)
        # Whether the module is TF1 code: it imports tf.compat.v1 or tf.contrib, or uses through
        # its plain `tf` a name that only TF1 has. Names valid in both (`tf.assert_equal`) are
        # reported only then. Spelling `tf.compat.v1.X` out is a TF2-namespace habit: it does
        # not make `tf.constant_initializer` next to it the TF1 one.
        self.tf1_module = any(
            t == V1 or t.startswith((V1 + ".", "tensorflow.contrib", "tensorflow.estimator"))
            for t in model.imports.values()
        )
        # id(node) -> its reference, for the outermost node of each name chain
        self.references: dict[int, Reference] = {}
        # each reference with what the tables say about it (None: nothing), in no set order
        self.found: list[tuple[Reference, tuple | None]] = []
        # id(call.func) -> the call, for references that are called
        self.calls: dict[int, cst.Call] = {}
        if any(t == "tensorflow" or t.startswith("tensorflow.") for t in model.imports.values()):
            self._resolve()

    def _resolve(self) -> None:
        model = self.model
        heads = {
            local
            for local, target in model.imports.items()
            if target == "tensorflow" or target.startswith("tensorflow.")
        }
        # Names that are part of something larger: attribute chains, imports, keywords.
        inner: set[int] = set()
        for node in (*model.nodes_of(cst.Import), *model.nodes_of(cst.ImportFrom)):
            if isinstance(node, cst.ImportFrom) and node.module is not None:
                inner.add(id(node.module))
            if isinstance(node.names, cst.ImportStar):
                continue
            for alias in node.names:
                inner.add(id(alias.name))
                if alias.asname is not None:
                    inner.add(id(alias.asname.name))
        for arg in model.nodes_of(cst.Arg):
            if arg.keyword is not None:
                inner.add(id(arg.keyword))
        candidates = []
        for node in model.nodes_of(cst.Attribute):  # source order: outer chains come first
            inner.add(id(node.value))
            inner.add(id(node.attr))
            if id(node) not in inner and _head(node) in heads:
                candidates.append(node)
        for node in model.nodes_of(cst.Name):
            if node.value in heads and id(node) not in inner:
                candidates.append(node)
        for node in candidates:
            named = tf1_name(model, node)
            if named is None:
                continue
            ref = Reference(node, *named)
            self.references[id(node)] = ref
            found = _classify(ref)
            self.found.append((ref, found))
            if (
                not self.tf1_module
                and not ref.explicit_v1
                and found is not None
                and found[2] not in migration().in_v2
            ):
                self.tf1_module = True
        for call in model.nodes_of(cst.Call):
            self.calls[id(call.func)] = call

    def call_reference(self, call: cst.Call) -> Reference | None:
        return self.references.get(id(call.func))


def _state(rule: Rule) -> _State:
    return rule.context.memo(_State, lambda: _State(rule.model))


class _Tf1Rule(Rule):
    category = "tf1-api"
    requires_tensorflow = True

    @property
    def state(self) -> _State:
        return _state(self)

    def visit_Module(self, node: cst.Module) -> None:
        for ref, found in self.state.found:
            self.check_reference(ref, found)

    def check_reference(self, ref: Reference, found: tuple | None) -> None:
        """Called once for each TensorFlow reference of the module (outermost name chains)."""

    def report_tf1(self, ambiguous: bool, node, message: str, **fix) -> None:
        """Report, unless the name is valid TF2 too and the module is not TF1 code."""
        if not ambiguous or self.state.tf1_module:
            self.report(node, message, **fix)

    def report_compat(self, ref: Reference, length: int, new: str, message: str) -> None:
        """Report ``ref``, with tf_upgrade_v2's rewrite to ``new`` (a tf.compat.v1 name) as an
        unsafe fix where the module spells TensorFlow through a TF2 alias."""
        old = ".".join(ref.name.split(".")[:length])
        ambiguous = old in migration().in_v2
        prefix = ref.prefix_node(length)
        spelled = None
        head = self.model.imports.get(_head(ref.node) or "", "")
        if prefix is not None and not head.startswith(V1) and not ref.explicit_v1:
            # Under `import tensorflow.compat.v1 as tf` the name is already the shim: TF106
            # offers the import rewrite, after which this fix applies.
            spelled = self.state.aliases.spell(new, needs_v2=True)
        if spelled is None:
            self.report_tf1(ambiguous, ref.node, message)
            return
        text, extra = spelled
        self.report_tf1(
            ambiguous,
            ref.node,
            message,
            edits=[(prefix, _expr(text)), *extra],
            fix_description=f"rewrite to `{text}` (tf_upgrade_v2's shim)",
            applicability="unsafe",
        )


def _classify(ref: Reference) -> tuple[str, int, object] | None:
    """What the tables say about ``ref``: (kind, prefix length, detail), longest prefix first."""
    data = migration()
    parts = ref.name.split(".")
    for i in range(len(parts), 1, -1):
        prefix = ".".join(parts[:i]) if i < len(parts) else ref.name
        if prefix in BEHAVIOUR_SWITCHES:
            return "switch", i, prefix
        if prefix in CAST_TYPES:
            return "cast", i, prefix
        new = data.renames.get(prefix)
        if new is not None:
            return ("compat" if new.startswith("tf.compat.v1.") else "rename"), i, prefix
        if prefix in data.module_deprecations:
            return "module", i, prefix
        if prefix in TF1_ONLY:
            return "tf1-only", i, prefix
    return None


def _warning_text(name: str) -> str | None:
    entry = migration().warnings.get(name)
    if entry is None:
        return None
    return entry[1].replace("<function name>", name).strip()


# --- the rules ----------------------------------------------------------------------------------


class RenamedSymbol(_Tf1Rule):
    id = "TF101"
    name = "tf1-renamed-symbol"
    message = "TF1 name: TensorFlow 2 has this under a new name"
    rationale = """
        TensorFlow 2 moved many TF1 symbols into namespaces (`tf.log` is `tf.math.log`,
        `tf.gfile.Exists` is `tf.io.gfile.exists`) and removed the `tf.to_<dtype>` casts. The
        old names are gone from the TF2 namespace: code that uses them fails with
        `AttributeError` as soon as it runs on TF2.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe when the TF2 name is the same function as the TF1 one, or a function with the "
        "same parameters called with positional arguments only (the generator checks this "
        "against the installed TensorFlow); `tf.to_<dtype>(x)` becomes `tf.cast(x, tf.<dtype>)`. "
        "Other renames are unsafe: their signature or behaviour changed."
    )

    def check_reference(self, ref: Reference, found: tuple | None) -> None:
        if found is None or found[0] not in ("rename", "cast"):
            return
        kind, length, old = found
        if kind == "cast":
            if id(ref.node) not in self.state.calls:  # `cast_fn = tf.to_float`: only the shim fits
                message = (
                    f"`{old}` was removed in TensorFlow 2; use "
                    f"`lambda x: tf.cast(x, tf.{CAST_TYPES[old]})`"
                )
                self.report_compat(ref, length, migration().renames[old], message)
            return  # a call is reported at the call, where the fix rewrites the arguments
        new = migration().renames[old]
        self._report_rename(ref, length, old, new)

    def _report_rename(self, ref: Reference, length: int, old: str, new: str) -> None:
        data = migration()
        safety = data.rename_safety.get(old, "different")
        message = f"`{old}` is `{new}` in TensorFlow 2"
        if safety == "different":
            message += "; its signature or behaviour changed, check the call"
        warning = _warning_text(old)
        if warning:
            message += f". {warning}"
        ambiguous = old in data.in_v2
        prefix = ref.prefix_node(length)
        spelled = self.state.aliases.spell(new) if prefix is not None else None
        if spelled is None:
            self.report_tf1(ambiguous, ref.node, message)
            return
        text, extra = spelled
        applicability = "safe" if safety == "same" else "unsafe"
        if safety == "positional" and self._positional_call(ref):
            applicability = "safe"
        self.report_tf1(
            ambiguous,
            ref.node,
            message,
            edits=[(prefix, _expr(text)), *extra],
            fix_description=f"rename to `{text}`",
            applicability=applicability,
        )

    def _positional_call(self, ref: Reference) -> bool:
        call = self.state.calls.get(id(ref.node))
        return call is not None and all(a.keyword is None and not a.star for a in call.args)

    def visit_Call(self, node: cst.Call) -> None:
        ref = self.state.call_reference(node)
        if ref is None:
            return
        dtype = CAST_TYPES.get(ref.name)
        if dtype is None:
            return
        message = f"`{ref.name}` was removed in TensorFlow 2; use `tf.cast(x, tf.{dtype})`"
        args = list(node.args)
        spelled = self.state.aliases.spell("tf.cast", in_v1=True)  # tf.cast and dtypes: both
        if spelled is None or any(a.star for a in args) or not args or len(args) > 2:
            self.report(node, message)
            return
        tf = spelled[0][: -len(".cast")]
        first = args[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        dtype_arg = cst.Arg(_expr(f"{tf}.{dtype}"))
        if first.keyword is not None or (len(args) == 2 and args[1].keyword is not None):
            dtype_arg = dtype_arg.with_changes(keyword=cst.Name("dtype"), equal=_equal())
        if first.keyword is not None and first.keyword.value != "x":
            self.report(node, message)
            return
        new_args = [first, dtype_arg]
        if len(args) == 2:
            second = args[1]
            if second.keyword is None:
                second = second.with_changes(keyword=cst.Name("name"), equal=_equal())
            new_args.append(second.with_changes(comma=cst.MaybeSentinel.DEFAULT))
        replacement = node.with_changes(func=_expr(f"{tf}.cast"), args=new_args)
        self.report(
            node,
            message,
            edits=[(node, replacement), *spelled[1]],
            fix_description=f"replace with `{tf}.cast(..., {tf}.{dtype})`",
            applicability="safe",
        )


class KeywordRename(_Tf1Rule):
    id = "TF102"
    name = "tf1-keyword-argument"
    message = "keyword argument renamed or removed in TensorFlow 2"
    rationale = """
        Some TF2 functions renamed their keyword arguments (`tf.argmax(dimension=)` is
        `axis=`, `tf.nn.dropout(keep_prob=)` is `rate=1 - keep_prob`) or dropped them
        (`colocate_gradients_with_ops`). The old keyword raises `TypeError` on TF2.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Renaming a keyword, and `keep_prob=p` to `rate=1 - p`, keeps the call's meaning. "
        "Removing an argument TF2 no longer has is unsafe: its effect is gone."
    )

    def visit_Call(self, node: cst.Call) -> None:
        data = migration()
        state = self.state
        ref = state.call_reference(node)
        name = ref.name if ref is not None else None
        if name is not None and _compat_only(ref):
            return
        renames: dict[str, str | None] = {}
        if isinstance(node.func, cst.Attribute):
            renames.update(data.keyword_renames.get("*." + node.func.attr.value, {}))
        if name is not None:
            renames.update(data.keyword_renames.get(name, {}))
        if name == "tf.nn.dropout":
            self._dropout(node)
        if not renames:
            return
        shown = name or f"*.{node.func.attr.value}"
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value not in renames:
                continue
            old = arg.keyword.value
            new = renames[old]
            if new is None:
                edits = [(arg, cst.RemoveFromParent())]
                index = node.args.index(arg)
                if index == len(node.args) - 1 and index > 0:  # no comma left dangling
                    before = node.args[index - 1]
                    edits.append((before, before.with_changes(comma=cst.MaybeSentinel.DEFAULT)))
                self.report(
                    arg,
                    f"`{shown}` has no `{old}` argument in TensorFlow 2",
                    edits=edits,
                    fix_description=f"remove `{old}=`",
                    applicability="unsafe",
                )
            else:
                self.report(
                    arg,
                    f"`{shown}(..., {old}=)` is `{new}=` in TensorFlow 2",
                    replacement=arg.with_changes(keyword=cst.Name(new)),
                    fix_description=f"rename `{old}=` to `{new}=`",
                )

    def _dropout(self, node: cst.Call) -> None:
        args = list(node.args)
        if any(a.keyword is not None and a.keyword.value == "rate" for a in args):
            return
        for i, arg in enumerate(args):
            by_keyword = arg.keyword is not None and arg.keyword.value == "keep_prob"
            if not by_keyword and not (i == 1 and arg.keyword is None and not arg.star):
                continue
            message = (
                "`tf.nn.dropout` takes `rate` (the drop probability) in TensorFlow 2, not "
                "`keep_prob`"
            )
            if not by_keyword and any(a.keyword is None for a in args[2:]):
                self.report(node, message)  # later positional arguments: no keyword possible
                return
            text = cst.Module([]).code_for_node(arg.value)
            if not _atomic(arg.value):
                text = f"({text})"
            new = arg.with_changes(
                keyword=cst.Name("rate"), equal=_equal(), value=_expr(f"1 - {text}")
            )
            self.report(
                node,
                message,
                edits=[(arg, new)],
                fix_description="replace `keep_prob=p` by `rate=1 - p`",
            )
            return


def _compat_only(ref: Reference) -> bool:
    """Calls that stay TF1 (``tf.compat.v1.x`` or a compat-only symbol) keep TF1 arguments."""
    new = migration().renames.get(ref.name)
    if new is not None:
        return new.startswith("tf.compat.v1.")
    return ref.explicit_v1


class ArgumentReorder(_Tf1Rule):
    id = "TF103"
    name = "tf1-argument-order"
    message = "positional arguments whose order changed in TensorFlow 2"
    rationale = """
        TF2 reordered the parameters of some functions (`tf.argmax`, `tf.nn.conv2d`,
        `tf.reduce_sum`, ...), usually by dropping a deprecated one in the middle. Positional
        arguments past the change bind to a different parameter on TF2, silently.
    """
    fix_applicability = "safe"
    fix_safety = "Safe: each positional argument becomes the keyword it binds to in TF1."

    def visit_Call(self, node: cst.Call) -> None:
        ref = self.state.call_reference(node)
        if ref is None or _compat_only(ref):
            return
        order = migration().reorders.get(ref.name)
        if order is None:
            return
        positional = [a for a in node.args if a.keyword is None]
        if any(a.star for a in positional):
            if any(a.star == "*" for a in positional):
                self.report(
                    node,
                    f"`{ref.name}` reordered its arguments in TensorFlow 2; check the `*args`",
                )
            return
        data = migration()
        v2_params = data.reorder_v2_params.get(ref.name)
        renamed = data.keyword_renames.get(ref.name, {})
        edits = []
        moved = False  # some argument binds to a different parameter in TF2
        for index, arg in enumerate(positional):
            if index >= len(order):
                break
            keyword = order[index]
            if keyword is None:
                continue
            edits.append((arg, arg.with_changes(keyword=cst.Name(keyword), equal=_equal())))
            in_v2 = renamed.get(keyword, keyword)
            if v2_params is None or index >= len(v2_params) or v2_params[index] != in_v2:
                moved = True
        if not edits:
            return
        names = ", ".join(f"`{new.keyword.value}=`" for _, new in edits)
        self.report_tf1(
            not moved,
            node,
            f"`{ref.name}` reordered its arguments in TensorFlow 2; pass {names} by keyword",
            edits=edits,
            fix_description="pass the reordered arguments by keyword",
        )


class GraphModeApi(_Tf1Rule):
    id = "TF104"
    name = "tf1-graph-mode-api"
    message = "TF1-only API: TensorFlow 2 keeps it only in tf.compat.v1"
    rationale = """
        Sessions, placeholders, `get_variable`/`variable_scope`, graph collections,
        initializers, `Saver`, queue runners, one-shot iterators, `tf.layers`,
        `tf.train.*Optimizer`, `tf.logging`, `tf.app` ... exist in TF2 only as `tf.compat.v1`
        shims for graph-mode code. `tf_upgrade_v2` rewrites them to `tf.compat.v1.*`, which
        keeps TF1 semantics; the TF2 way is eager code, `tf.function`, `tf.Module`/Keras
        objects and `tf.data`.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "The fix is `tf_upgrade_v2`'s shim: it rewrites to `tf.compat.v1.*`, which keeps the TF1 "
        "behaviour but is still TF1 code; the message names the TF2 idiom to move to."
    )

    def check_reference(self, ref: Reference, found: tuple | None) -> None:
        if ref.explicit_v1:
            return  # explicit tf.compat.v1 is TF106's
        if found is None or found[0] not in ("compat", "tf1-only"):
            return
        kind, length, old = found
        idiom = migration().idiom(old)
        if kind == "tf1-only":
            new = "tf.compat.v1" + old[2:]
            message = f"`{old}` is TF1 API: {TF1_ONLY[old]}"
        else:
            new = migration().renames[old]
            message = f"`{old}` is TF1 API (TF2 keeps it as `{new}`)"
        if idiom:
            message += f"; {idiom}"
        warning = _warning_text(old)
        if warning:
            message += f". {warning}"
        self.report_compat(ref, length, new, message)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in ITERATOR_METHODS:
            return
        ref = self.state.call_reference(node)
        if ref is not None and ref.name.startswith("tf.data"):
            return  # tf.compat.v1.data.make_one_shot_iterator(ds): the rename rules' business
        method = func.attr.value
        message = (
            f"`dataset.{method}()` is TF1 API (TF2 keeps `tf.compat.v1.data.{method}(dataset)`); "
            + IDIOMS[f"tf.data.{method}"]
        )
        aliases = self.state.aliases
        spelled = aliases.spell(f"tf.compat.v1.data.{method}", needs_v2=True)
        if aliases.v2 is None and aliases.v1 is not None:
            spelled = (f"{aliases.v1}.data.{method}", [])
        if spelled is None:
            self.report(node, message)
            return
        text, extra = spelled
        replacement = cst.Call(func=_expr(text), args=[cst.Arg(func.value), *node.args])
        self.report(
            node,
            message,
            edits=[(node, replacement), *extra],
            fix_description=f"rewrite to `{text}(dataset)`",
        )


def _head(node: cst.BaseExpression) -> str | None:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


class DeprecatedModule(_Tf1Rule):
    id = "TF105"
    name = "tf1-removed-module"
    severity = "error"
    message = "module removed from TensorFlow 2"
    rationale = """
        `tf.contrib` is not part of TensorFlow 2 (nor of `tf.compat.v1`), `tf.flags` and
        `tf.app.flags` are gone, and `tf.estimator` was removed in TF 2.16. Code that uses
        them cannot run on TF2; there is no automatic rewrite.
    """

    def check_reference(self, ref: Reference, found: tuple | None) -> None:
        if found is None or found[0] != "module":
            return
        _, _, module = found
        _level, text = migration().module_deprecations[module]
        text = text.replace("<function name>", ref.name).strip()
        idiom = migration().idiom(module)
        if module not in ("tf.contrib", "tf.estimator") or not idiom:
            idiom = text
        message = f"`{ref.name}`: `{module}` is not in TensorFlow 2; {idiom}"
        self.report(ref.node, message)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None:
            return
        module = dotted_name(node.module) or ""
        for removed in ("tensorflow.contrib", "tensorflow.estimator"):
            if module == removed or module.startswith(removed + "."):
                self.report(node, f"`from {module} import ...`: `{removed}` is not in TensorFlow 2")
                return

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            module = dotted_name(alias.name) or ""
            if module.startswith(("tensorflow.contrib", "tensorflow.estimator")):
                self.report(node, f"`import {module}`: the module is not in TensorFlow 2")
                return


class CompatV1Usage(_Tf1Rule):
    id = "TF106"
    name = "tf-compat-v1-usage"
    message = "tf.compat.v1 in TensorFlow 2 code"
    rationale = """
        `tf.compat.v1` is TF1 kept alive for migration: graph-mode semantics, collections,
        sessions. `import tensorflow.compat.v1 as tf` turns every `tf.x` in the module into the
        TF1 API, and `disable_v2_behavior()` / `disable_eager_execution()` switch the whole
        process back to TF1 behaviour. Code meant for TF2 should use the TF2 API directly.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Rewriting `import tensorflow.compat.v1 as tf` to `import tensorflow as tf` is unsafe "
        "(it is `tf_upgrade_v2 --upgrade_compat_v1_import`): each TF1 symbol of the module "
        "must then move to its TF2 name or its `tf.compat.v1` shim, which the other tf1-api "
        "rules do in the following fix rounds."
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        self._v1_imports: list[tuple[cst.Import, cst.ImportAlias]] = []
        self._blocked = False  # the module uses TF1 API that has no TF2 spelling at all

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            if dotted_name(alias.name) == V1:
                self._v1_imports.append((node, alias))
                return

    def leave_Module(self, node: cst.Module) -> None:
        message = (
            "`import tensorflow.compat.v1` makes the module's TensorFlow API the TF1 one; "
            "import `tensorflow` and use the TF2 API"
        )
        for statement, alias in self._v1_imports:
            local = alias.asname.name.value if alias.asname is not None else None
            if (
                local == "tf"
                and len(statement.names) == 1
                and self.state.aliases.v2 is None
                and not self._blocked
            ):
                new = statement.with_changes(names=[alias.with_changes(name=_expr("tensorflow"))])
                self.report(
                    statement,
                    message,
                    replacement=new,
                    fix_description="import `tensorflow as tf` (TF1 symbols then get fixes)",
                )
            else:
                self.report(statement, message)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.module is not None and not node.relative:
            module = dotted_name(node.module) or ""
            if module == V1 or module.startswith(V1 + "."):
                self.report(node, f"`from {module} import ...` imports the TF1 API")
            elif (
                module == "tensorflow.compat"
                and not isinstance(node.names, cst.ImportStar)
                and any(isinstance(a.name, cst.Name) and a.name.value == "v1" for a in node.names)
            ):
                self.report(node, "`from tensorflow.compat import v1` imports the TF1 API")

    def check_reference(self, ref: Reference, found: tuple | None) -> None:
        kind = found[0] if found else None
        if kind == "module" or ref.name.startswith(BLOCKING):
            self._blocked = True
        if kind == "switch":
            message = (
                f"`{found[2]}` switches TensorFlow back to TF1 behaviour; remove it and write "
                "TF2 code"
            )
            new = migration().renames.get(found[2])
            if ref.explicit_v1 or new is None:
                self.report(ref.node, message)
            else:
                self.report_compat(ref, found[1], new, message)
            return
        if not ref.explicit_v1 or kind in ("rename", "cast", "module"):
            return  # TF101/TF105 say more
        idiom = migration().idiom(ref.name) if ref.name != "tf" else None
        shown = "tf.compat.v1" + ref.name[2:]
        message = f"`{shown}` is TF1 API left in TensorFlow 2 code"
        if idiom:
            message += f"; {idiom}"
        self.report(ref.node, message)


class FunctionWarning(_Tf1Rule):
    id = "TF107"
    name = "tf1-behaviour-change"
    message = "this call behaves differently in TensorFlow 2"
    rationale = """
        `tf_upgrade_v2` flags calls whose TF2 behaviour differs from TF1 although the name
        stayed (`tf.get_variable` returns resource variables, `tf.nn.softmax_cross_entropy_with_logits`
        back-propagates into labels, `tf.image.resize_*` became one function, Keras `model.save`
        defaults to SavedModel ...). Each needs a manual check.
    """

    def check_reference(self, ref: Reference, found: tuple | None) -> None:
        if ref.name in migration().renames or ref.name in CAST_TYPES:
            return  # TF101/TF104 include the warning in their message
        text = _warning_text(ref.name)
        if text:
            self.report_tf1(ref.name in migration().in_v2, ref.node, f"`{ref.name}`: {text}")

    def visit_Call(self, node: cst.Call) -> None:
        data = migration()
        ref = self.state.call_reference(node)
        name = ref.name if ref is not None else None
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "save"
            and self._keras(func.value)
        ):
            # SavedModel became the default in TF2: news only to code written for TF1.
            self.report_tf1(True, node, _warning_text("*.save") or self.message)
        if name is None:
            if isinstance(func, cst.Attribute):
                self._arg_warnings(node, "*." + func.attr.value)
            return
        self._arg_warnings(node, name)
        transformer = data.transformers.get(name)
        if transformer is None or name in CAST_TYPES or name == "tf.nn.dropout":
            return
        kind = transformer["transform"]
        arg = transformer.get("arg")
        if kind == "_rename_if_arg_found_transformer":
            if any(a.keyword is not None and a.keyword.value == arg for a in node.args):
                self.report(node, f"`{name}` takes no `{arg}` argument in TensorFlow 2")
            return
        if kind == "_name_scope_transformer":
            if self._v1_name_scope(node, ref):
                self.report(
                    node,
                    "`tf.name_scope` of TF1: TF2's takes only `name` (no `default_name`, "
                    "`values`) and cannot re-enter a scope by name",
                )
            return
        if name in data.renames:
            return  # TF101/TF104 report the symbol
        text = TRANSFORM_MESSAGES.get(kind, "its arguments changed in TensorFlow 2")
        text = text.replace("{M}", name.rsplit("_", 1)[-1].upper())
        self.report_tf1(name in data.in_v2, node, f"`{name}`: {text}")

    def _v1_name_scope(self, node: cst.Call, ref: Reference) -> bool:
        head = _head(node.func)
        if head is not None and self.model.imports.get(head, "").startswith(V1):
            return True
        positional = [a for a in node.args if a.keyword is None]
        return len(positional) > 1 or any(
            a.keyword is not None and a.keyword.value in ("default_name", "values")
            for a in node.args
        )

    def _arg_warnings(self, node: cst.Call, name: str) -> None:
        entries = migration().arg_warnings.get(name)
        if not entries:
            return
        positional = sum(1 for a in node.args if a.keyword is None)
        for keyword, position, _level, text in entries:
            present = any(a.keyword is not None and a.keyword.value == keyword for a in node.args)
            if present or (position is not None and positional > position):
                self.report(node, f"`{name}` called with `{keyword}`: {text.strip()}")
                return

    def _keras(self, receiver: cst.BaseExpression) -> bool:
        """Whether ``receiver`` is known to hold a Keras model (built or loaded here)."""
        if not isinstance(receiver, cst.Name):
            return False
        model = self.model
        fn = self.context.function
        values = None
        scope = fn
        while scope is not None and values is None:
            values = scope.assignments.get(receiver.value)
            scope = scope.outer
        if values is None:
            values = model.module_assignments.get(receiver.value, [])
        for value in values:
            if isinstance(value, cst.Call):
                called = model.call_name(value)
                if is_keras(called, "Model", "Sequential", "load_model", "models.load_model"):
                    return True
                func = value.func
                if (
                    isinstance(func, cst.Name)
                    and func.value in model.module_classes
                    and model.module_classes[func.value].keras_kind == "model"
                ):
                    return True
        return False

"""TF100-TF199: TensorFlow 1 API left in code that runs on TensorFlow 2.

Everything ``tf_upgrade_v2`` knows (its renames, keyword renames, argument reorders, function
warnings, special cases and deprecated modules) comes from ``linter/data/tf1_migration.json``,
which ``scripts/generate_migration_data.py`` generates from the installed TensorFlow, together
with the real TF1 and TF2 signatures of the functions those tables name and which
``tf.compat.v1`` names mean the same in TF2. The linter reads it lazily, once per process, and
never imports TensorFlow. The tables, a module's references and whether it is TF1 code are the
analysis's (``tf2lint.analysis.tf1``); this module decides the findings.

A module is **TF1 code** only on evidence: it imports ``tensorflow.compat.v1`` as its
TensorFlow (named ``tf``, or with no TF2 import beside it) or ``tensorflow.contrib``, calls a
behaviour switch (``disable_v2_behavior()``), or uses through TF2's namespace a name that only
TF1 has. Everywhere else a call of a name TF2 still has is judged by TF2's own signature only:
valid TF2 code gets no finding and no fix.

References (``analysis.tf1.tf1_references``) are resolved through the model's scopes (``model.lookup``): a parameter, a local or
a comprehension variable named ``tf`` is not TensorFlow, assignment and ``del`` targets are not
references, and ``import tensorflow.compat.v1 as tf``, ``import tensorflow as tensorflow_lib``
or ``from tensorflow.contrib import layers as contrib_layers`` all resolve. All findings of a
module are decided once, in a fixed order, by ``_Analysis``: one finding per node.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from functools import cache, cached_property, lru_cache
from typing import NamedTuple

from tf2lint.analysis import knowledge
from tf2lint.analysis.keras_tables import keras2_history
from tf2lint.analysis.model import SiteKind, dotted_name, is_keras
from tf2lint.analysis.tensors import values_read
from tf2lint.analysis.tf1 import (  # noqa: F401 (Migration, Found: the family's names)
    BEHAVIOUR_SWITCHES,
    CAST_TYPES,
    GRAPH_MODE_SWITCHES,
    TF1_ONLY,
    V1,
    Found,
    Migration,
    Reference,
    Signature,
    classify,
    keras_owned,
    migration,
    tensorflow_api,
    tf1_only,
    tf1_references,
    turns_eager_off,
)
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code, uses_tf_keras

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
    "tf.app.flags": "use `absl.flags`",
    "tf.contrib.rnn": "use Keras RNN layers and cells",
    "tf.contrib.cudnn_rnn": "use `tf.keras.layers.LSTM` or `GRU`, which run on cuDNN",
    "tf.contrib.distribute": "use `tf.distribute`",
    "tf.contrib.seq2seq": "use TensorFlow Addons' `tfa.seq2seq`",
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
    "tf.contrib": "use core TensorFlow, Keras or TensorFlow Addons",
    "tf.disable_v2_behavior": "remove it and write TF2 code",
    "tf.disable_eager_execution": "remove it and write TF2 code",
    "tf.enable_eager_execution": "remove it: TF2 runs eagerly by default",
}
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


def tf2_idiom(name: str) -> str | None:
    """The TF2 idiom for the TF1 machinery ``name`` ("tf.a.b") names, by its longest prefix."""
    parts = name.split(".")
    for i in range(len(parts), 1, -1):
        found = IDIOMS.get(".".join(parts[:i]))
        if found:
            return found
    return None


def first_moved(name: str, count: int | None = None) -> int | None:
    """The first of ``count`` (default: any number of) positional arguments of a TF1 call of
    ``name`` that binds another parameter in TF2 (by the two real signatures and
    tf_upgrade_v2's keyword renames), or None when each binds the same one or TF2 has no such
    function."""
    data = migration()
    if name not in data.reorders:
        return None
    tf1 = data.signature(name, "v1") or Signature(tuple(data.reorders[name]))
    tf2 = data.signature(name, "v2")
    if tf2 is None:
        return None
    renamed = data.keyword_renames.get(name, {})
    for index in range(len(tf1.args) if count is None else min(count, len(tf1.args))):
        wanted = renamed.get(tf1.args[index], tf1.args[index])
        if wanted is None or index >= len(tf2.args) or tf2.args[index] != wanted:
            return index
    return None


def _compat_target(name: str) -> bool:
    """Whether tf_upgrade_v2 keeps the name as its tf.compat.v1 shim: its calls stay TF1 calls."""
    return migration().renames.get(name, "").startswith("tf.compat.v1.")


# --- the analysis: every finding of a module, decided once ------------------------------------------


class _Fix(NamedTuple):
    edits: tuple
    description: str
    applicability: str


class _Finding(NamedTuple):
    node: cst.CSTNode
    message: str
    fix: _Fix | None = None
    gap: str | None = None  # shown only with --preview


# A module that turns eager execution off chose TF1 on purpose, and TF2 runs it through
# tf.compat.v1: it is told so once, at the switch, and only with --preview.
TF1_MODE_GAP = (
    "the module turns eager execution off: it is TF1 code by choice, which TensorFlow 2 runs "
    "through tf.compat.v1"
)


class _Analysis:
    """The tf1-api findings of one module, by rule id, at most one per node.

    References come first (removed modules, switches, explicit compat.v1, renamed and TF1-only
    symbols, changed behaviour), then calls (casts, reordered arguments, keywords, behaviour
    warnings), then imports; a node reported by an earlier step is not reported again.
    """

    def __init__(self, model) -> None:
        self.model = model
        self.data = migration()
        self.findings: dict[str, list[_Finding]] = defaultdict(list)
        self._at: dict[int, tuple[str, int]] = {}  # id(node) -> (rule, index in findings)
        found = tf1_references(model)  # the module's TensorFlow references (analysis.tf1)
        self.references: list[Reference] = found.references
        self.by_node: dict[int, Reference] = found.by_node  # id(outermost chain) -> its reference
        self._target_bindings = found.target_bindings  # heads of `tf.x = ...` and `del tf.x`
        self._ref_fix: dict[int, tuple[str, int]] = {}  # id(reference) -> the finding fixing it
        # removed modules (`tf.contrib`) and TF1-only modules (`tf.app.flags`) reported once:
        # the first use fails, the later ones are the same fault
        self._modules_reported: set[str] = set()
        self._same_fault: set[int] = set()  # nodes whose fault an earlier finding reports
        self.tf1_module = found.tf1_code
        if not any(tensorflow_api(t) for t in model.imports.values()):
            return
        # TF1's graph-mode API (placeholders, sessions, Savers) runs on TF2 through its
        # tf.compat.v1 shim only once the module turns eager execution off.
        self.graph_mode = any(
            ref.found is not None and ref.found.old in GRAPH_MODE_SWITCHES
            for ref in self.references
        )
        for ref in self.references:
            self._reference(ref)
        for call in model.nodes_of(cst.Call):
            self._call(call)
        for node in model.nodes_of(cst.Import):
            self._import(node)
        for node in model.nodes_of(cst.ImportFrom):
            self._import_from(node)
        self._from_imports_of_tf1_names()

    def add(
        self,
        rule: str,
        node: cst.CSTNode,
        message: str,
        fix: _Fix | None = None,
        gap: str | None = None,
    ) -> bool:
        if self.reported(node):
            return False
        self._at[id(node)] = (rule, len(self.findings[rule]))
        self.findings[rule].append(_Finding(node, message, fix, gap))
        return True

    def _once(self, module: str) -> bool:
        """Whether ``module`` (a removed or TF1-only module) is reported here for the first time."""
        if module in self._modules_reported:
            return False
        self._modules_reported.add(module)
        return True

    def reported(self, node: cst.CSTNode) -> bool:
        return id(node) in self._at or id(node) in self._same_fault

    # --- spelling TF2 names ------------------------------------------------------------------
    def spell(
        self, name: str, where: cst.Name, *, v1_too: bool = False
    ) -> tuple[str, list, str] | None:
        """``name`` ("tf.x.y") as code at ``where`` can write it: (text, extra edits, "v2" or
        "v1" for the namespace it goes through). ``v1_too``: an alias of tf.compat.v1 will do
        when the name is there too."""
        scope = self.model.scope_of(where)
        local = self.model.alias_of("tensorflow", scope)
        if local is not None:
            return local + name[2:], [], "v2"
        local = self.model.alias_of(V1, scope) if v1_too else None
        if local is not None:
            return local + name[2:], [], "v1"
        edit = self._import_edit
        return (name, [edit], "v2") if edit is not None else None

    @cached_property
    def _import_edit(self):
        """Insert ``import tensorflow as tf`` before the first statement after the docstring
        and ``__future__`` imports, when no code of the module uses the name ``tf``."""
        model = self.model
        if any(node.value == "tf" for node in model.nodes_of(cst.Name)):
            return None
        body = model.module.body
        index = 1 if body and _is_docstring(body[0]) else 0
        while index < len(body) and _is_future_import(body[index]):
            index += 1
        if index >= len(body):
            return None
        anchor = body[index]
        statement = cst.parse_statement("import tensorflow as tf\n")
        moved = anchor.with_changes(leading_lines=())
        statement = statement.with_changes(leading_lines=anchor.leading_lines)
        return anchor, cst.FlattenSentinel([statement, moved])

    # --- references --------------------------------------------------------------------------
    def _reference(self, ref: Reference) -> None:
        if all(site.kind == SiteKind.ASSIGN for site in ref.binding.sites):
            return  # `FLAGS = tf.flags.FLAGS`: the assignment's own reference is the finding
        found = ref.found
        if found is not None and keras_owned(found.old):
            return
        if found is None:
            if self._stays_tf1(ref):
                self._explicit(ref)
            else:
                self._warned(ref)
            return
        kind = found.kind
        if kind == "module" and ref.via != "v2" and found.old in ("tf.flags", "tf.app.flags"):
            kind = "compat"  # gone from TF2, kept in tf.compat.v1 (absl's flags)
        if kind == "module":
            self._removed_module(ref, found)
        elif kind == "switch":
            message = (
                f"`{dotted_name(ref.node)}` switches TensorFlow back to TF1 behaviour; remove it"
            )
            if not self.graph_mode:
                self._compat(ref, "TF106", message)
            elif self._once("switch"):  # the module's one TF1 choice, told once
                self.add(
                    "TF106", ref.node, message + " to move the module to TF2", gap=TF1_MODE_GAP
                )
        elif self._stays_tf1(ref):
            if kind == "rename":
                self._renamed(ref)
            else:
                self._explicit(ref)
        elif not tf1_only(found):
            self._differs(ref)
        elif kind == "rename":
            self._renamed(ref)
        elif kind == "cast":
            if id(ref.node) not in self._calls:  # a call is fixed at the call
                old = found.old
                message = (
                    f"`{old}` was removed in TensorFlow 2; "
                    f"use `lambda x: tf.cast(x, tf.{CAST_TYPES[old]})`"
                )
                self._compat(ref, "TF101", message)
        elif found.old not in self.data.v1_only_modules or self._once(found.old):
            # a TF1-only module itself (`tf.app.flags`): its first use is the finding
            self._compat(ref, "TF104", _tf1_api_message(found.old), fixable=self.graph_mode)

    def _stays_tf1(self, ref: Reference) -> bool:
        """``tf.compat.v1.x`` spelled out, or an alias of tf.compat.v1 in TF2 code (``tf1 =
        tf.compat.v1``): TF1 API on purpose, which stays TF1 when the module moves on."""
        return ref.via == "explicit" or (ref.via == "v1" and not self.tf1_module)

    def _tf2_call(self, call: cst.Call | None, name: str) -> bool:
        """Whether ``call`` passes a keyword only TF2's signature of ``name`` takes."""
        if call is None:
            return False
        tf1 = self.data.signature(name, "v1")
        tf2 = self.data.signature(name, "v2")
        return (
            tf1 is not None
            and tf2 is not None
            and any(
                a.keyword is not None
                and tf2.accepts(a.keyword.value)
                and not tf1.accepts(a.keyword.value)
                for a in call.args
            )
        )

    def _removed_module(self, ref: Reference, found: Found) -> None:
        module = found.old
        if (ref.head_length >= found.length and ref.via == "v2") or not self._once(module):
            # a name bound by importing the removed module (the import is the finding), or a
            # later use of a module already reported
            self._same_fault.add(id(ref.node))
            return
        idiom = tf2_idiom(module) or "there is no direct TF2 equivalent"
        where = f"`{module}`" if ref.name == module else f"`{ref.name}`: `{module}`"
        self.add("TF105", ref.node, f"{where} is not in TensorFlow 2; {idiom}")

    def _explicit(self, ref: Reference) -> None:
        if self._keras2_layers(ref):
            message = (
                f"`{dotted_name(ref.node)}`: `tf.compat.v1.layers` is Keras 2's; from TF 2.16 "
                "on (Keras 3) it raises AttributeError unless tf-keras is used "
                "(`TF_USE_LEGACY_KERAS=1`)"
            )
            self.add("TF106", ref.node, message)
            return
        if self.graph_mode:
            return  # TF1 code by choice: tf.compat.v1 is how TF2 runs it (the switch is told)
        message = f"`{dotted_name(ref.node)}` is TF1 API left in TensorFlow 2 code"
        idiom = tf2_idiom(ref.name) if ref.name != "tf" else None
        if idiom:
            message += f"; {idiom}"
        self.add("TF106", ref.node, message)

    def _keras2_layers(self, ref: Reference) -> bool:
        """``tf.compat.v1.layers.*`` (Keras 2's legacy layers) in a module whose Keras is Keras 3:
        TF 2.16+ has them only with tf-keras; each name raises AttributeError (checked on TF 2.21)."""
        return ref.name.startswith("tf.layers.") and not uses_tf_keras(self.model)

    def _warned(self, ref: Reference) -> None:
        """A name tf_upgrade_v2 warns about although it kept it (TF107), in TF1 code."""
        if (
            ref.name in self.data.warnings
            and self.tf1_module
            and not self._tf2_call(self._calls.get(id(ref.node)), ref.name)
        ):
            self.add("TF107", ref.node, _behaviour_message(ref.name))

    def _differs(self, ref: Reference) -> None:
        """A name TF2 still has, that tf_upgrade_v2 renames because TF1's differs."""
        if not self.tf1_module or self._tf2_call(self._calls.get(id(ref.node)), ref.name):
            return
        old = ref.found.old
        new = self.data.renames[old]
        message = (
            f"`{old}` of TensorFlow 2 is not TF1's; check the call, or keep TF1's as `{new}`"
            if new.startswith("tf.compat.v1.")
            else f"`{old}` of TensorFlow 2 is not TF1's; check the call, or use `{new}`"
        )
        self.add("TF107", ref.node, message)

    def _renamed(self, ref: Reference) -> None:
        found = ref.found
        old = found.old
        new = self.data.renames[old]
        safety = self.data.rename_safety.get(old, "different")
        message = f"`{old}` is `{new}` in TensorFlow 2"
        if safety == "different":
            message += "; its arguments or behaviour changed, check the call"
        fix = None
        prefix = ref.prefix_node(found.length)
        spelled = (
            self.spell(new, ref.head, v1_too=new in self.data.renames_in_v1)
            if prefix is not None
            else None
        )
        if spelled is not None:
            text, extra, through = spelled
            if through == "v1":
                # the name keeps meaning tf.compat.v1's: safe when TF1's two names are one
                applicability = "safe" if old in self.data.renames_same_in_v1 else None
            elif safety == "same" or (safety == "positional" and self._positional_call(ref)):
                applicability = "safe"
            else:
                applicability = "unsafe"
            if applicability is not None:
                fix = _Fix(((prefix, _expr(text)), *extra), f"rename to `{text}`", applicability)
        self._add_ref("TF101", ref, message, fix)

    def _positional_call(self, ref: Reference) -> bool:
        call = self._calls.get(id(ref.node))
        return call is not None and all(a.keyword is None and not a.star for a in call.args)

    @cached_property
    def _calls(self) -> dict[int, cst.Call]:
        return {id(call.func): call for call in self.model.nodes_of(cst.Call)}

    def _compat(self, ref: Reference, rule: str, message: str, fixable: bool = True) -> None:
        """Report ``ref``; through TF2's namespace, tf_upgrade_v2's rewrite to the name's
        tf.compat.v1 shim is the (unsafe) fix, where the shim can run. Under an alias of
        tf.compat.v1 the name already is the shim: TF106's import fix handles it."""
        found = ref.found
        fix = None
        new = self.data.renames.get(found.old, "tf.compat.v1" + found.old[2:])
        prefix = ref.prefix_node(found.length)
        if fixable and ref.via == "v2" and prefix is not None:
            spelled = self.spell(new, ref.head)
            if spelled is not None:
                text, extra, _ = spelled
                fix = _Fix(
                    ((prefix, _expr(text)), *extra),
                    f"rewrite to `{text}`, TF1's behaviour kept by its shim",
                    "unsafe",
                )
        self._add_ref(rule, ref, message, fix)

    def _add_ref(self, rule: str, ref: Reference, message: str, fix: _Fix | None) -> None:
        if self.add(rule, ref.node, message, fix):
            self._ref_fix[id(ref.node)] = self._at[id(ref.node)]

    # --- calls -------------------------------------------------------------------------------
    def _call(self, call: cst.Call) -> None:
        ref = self.by_node.get(id(call.func))
        if ref is None:
            if self.tf1_module and isinstance(call.func, cst.Attribute):
                self._method_call(call, call.func.attr.value)
            return
        if ref.name in CAST_TYPES:
            self._cast(call, ref)
            return
        if self._stays_tf1(ref) or _compat_target(ref.name):
            return  # a TF1 call that stays one: its TF1 arguments are right
        # A call passing what only TF2's function takes was written for TF2: only what TF2
        # itself rejects is reported.
        tf2_style = self._tf2_call(call, ref.name)
        if not tf2_style:
            self._reordered(call, ref)
        self._keywords(call, ref.name, ref.via)
        if ref.name == "tf.nn.dropout":
            self._dropout(call, ref)
        if not tf2_style and not self.reported(ref.node):
            self._call_warnings(call, ref)

    def _cast(self, call: cst.Call, ref: Reference) -> None:
        dtype = CAST_TYPES[ref.name]
        message = f"`{ref.name}` was removed in TensorFlow 2; use `tf.cast(x, tf.{dtype})`"
        args = list(call.args)
        spelled = self.spell("tf.cast", ref.head, v1_too=True)  # tf.cast and dtypes: both
        first = args[0] if args else None
        if (
            spelled is None
            or first is None
            or len(args) > 2
            or any(a.star for a in args)
            or (first.keyword is not None and first.keyword.value != "x")
        ):
            self._add_call("TF101", call, ref, message)
            return
        tf = spelled[0][: -len(".cast")]
        first = first.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        dtype_arg = cst.Arg(_expr(f"{tf}.{dtype}"))
        if first.keyword is not None or (len(args) == 2 and args[1].keyword is not None):
            dtype_arg = dtype_arg.with_changes(keyword=cst.Name("dtype"), equal=_equal())
        new_args = [first, dtype_arg]
        if len(args) == 2:
            second = args[1]
            if second.keyword is None:
                second = second.with_changes(keyword=cst.Name("name"), equal=_equal())
            new_args.append(second.with_changes(comma=cst.MaybeSentinel.DEFAULT))
        replacement = call.with_changes(func=_expr(f"{tf}.cast"), args=new_args)
        fix = _Fix(
            ((call, replacement), *spelled[1]),
            f"replace with `{tf}.cast(..., {tf}.{dtype})`",
            "safe",
        )
        self._add_call("TF101", call, ref, message, fix)

    def _add_call(
        self, rule: str, call: cst.Call, ref: Reference, message: str, fix: _Fix | None = None
    ) -> None:
        if self.add(rule, call, message, fix):
            self._ref_fix[id(ref.node)] = self._at[id(call)]

    def _reordered(self, call: cst.Call, ref: Reference) -> None:
        """TF103: in TF1 code, positional arguments that bind another parameter in TF2."""
        if not self.tf1_module or ref.name not in self.data.reorders:
            return
        name = ref.name
        positional = []
        for arg in call.args:
            if arg.keyword is not None or arg.star == "**":
                break
            positional.append(arg)
        star = next((i for i, a in enumerate(positional) if a.star), None)
        if star is not None:
            if first_moved(name) is not None:
                self.add(
                    "TF103",
                    call,
                    f"`{name}` binds positional arguments differently in TensorFlow 2; "
                    "check what the `*args` hold",
                )
            return
        moved = first_moved(name, len(positional))
        if moved is None:
            return
        tf1 = self.data.signature(name, "v1") or Signature(tuple(self.data.reorders[name]))
        tf2 = self.data.signature(name, "v2")
        renamed = self.data.keyword_renames.get(name, {})
        # The keywords must mean the same parameter for the function the call binds now:
        # TF2's names where TF1's function takes them too, else TF1's.
        now = tf1 if ref.via == "v1" else tf2
        if len(positional) > len(tf1.args):
            return  # more than TF1 takes: not a TF1 call
        edits = []
        for index in range(moved, len(positional)):
            old = tf1.args[index]
            new = renamed.get(old, old)
            keyword = new if new is not None and now.accepts(new) and tf2.accepts(new) else old
            arg = positional[index]
            edits.append((arg, arg.with_changes(keyword=cst.Name(keyword), equal=_equal())))
        names = ", ".join(f"`{new.keyword.value}=`" for _, new in edits)
        self.add(
            "TF103",
            call,
            f"positional arguments of `{name}` bind other parameters in TensorFlow 2; "
            f"pass {names} by keyword",
            _Fix(tuple(edits), f"pass {names} by keyword", "safe"),
        )

    def _keywords(self, call: cst.Call, name: str, via: str) -> None:
        """TF102: keywords TF2 renamed or removed. In TF2 code only those TF2's own signature
        rejects (the call fails there)."""
        data = self.data
        renamed = data.keyword_renames.get(name)
        if not renamed:
            return
        tf1 = data.signature(name, "v1")
        tf2 = data.signature(name, "v2")
        now = tf1 if via == "v1" else tf2  # the function the call binds today
        shown = name if not name.startswith("*") else name[1:]
        for index, arg in enumerate(call.args):
            if arg.keyword is None or arg.keyword.value not in renamed:
                continue
            old = arg.keyword.value
            if not self.tf1_module and (tf2 is None or tf2.accepts(old)):
                continue
            new = renamed[old]
            if new is None:
                edits = [(arg, cst.RemoveFromParent())]
                if index == len(call.args) - 1 and index > 0:  # no comma left dangling
                    before = call.args[index - 1]
                    edits.append((before, before.with_changes(comma=cst.MaybeSentinel.DEFAULT)))
                self.add(
                    "TF102",
                    arg,
                    f"`{shown}` has no `{old}` argument in TensorFlow 2",
                    _Fix(tuple(edits), f"remove `{old}=` (its effect is gone)", "unsafe"),
                )
                continue
            fix = None
            if now is not None and now.accepts(new) and (tf2 is None or tf2.accepts(new)):
                fix = _Fix(
                    ((arg, arg.with_changes(keyword=cst.Name(new))),),
                    f"rename `{old}=` to `{new}=`",
                    "safe",
                )
            self.add("TF102", arg, f"`{shown}(..., {old}=)` is `{new}=` in TensorFlow 2", fix)

    def _dropout(self, call: cst.Call, ref: Reference) -> None:
        """TF1's second parameter is ``keep_prob``, TF2's is ``rate``: positional in TF1 code,
        or ``keep_prob=`` anywhere, becomes ``rate=1 - p``."""
        args = list(call.args)
        if any(a.keyword is not None and a.keyword.value == "rate" for a in args):
            return
        for i, arg in enumerate(args):
            by_keyword = arg.keyword is not None and arg.keyword.value == "keep_prob"
            positional = i == 1 and arg.keyword is None and not arg.star and self.tf1_module
            if not (by_keyword or positional):
                continue
            if self.reported(arg):
                return
            message = (
                "`tf.nn.dropout` takes the drop probability `rate` in TensorFlow 2, not `keep_prob`"
            )
            if not by_keyword and any(a.keyword is None for a in args[2:]):
                self.add("TF102", call, message)  # later positional arguments: no keyword possible
                return
            text = cst.Module([]).code_for_node(arg.value)
            if not _atomic(arg.value):
                text = f"({text})"
            new = arg.with_changes(
                keyword=cst.Name("rate"), equal=_equal(), value=_expr(f"1 - {text}")
            )
            self.add(
                "TF102",
                call,
                message,
                _Fix(((arg, new),), "replace `keep_prob=p` by `rate=1 - p`", "safe"),
            )
            return

    def _call_warnings(self, call: cst.Call, ref: Reference) -> None:
        """TF107 at a call: tf_upgrade_v2's special cases and argument warnings."""
        data = self.data
        name = ref.name
        tf2 = data.signature(name, "v2")
        transformer = data.transformers.get(name)
        if transformer is not None and name != "tf.nn.dropout":
            kind = transformer["transform"]
            arg = transformer.get("arg")
            if kind == "_rename_if_arg_found_transformer":
                if name == "tf.device":
                    self._device_function(call)
                elif (
                    self._keyword(call, arg)
                    and arg not in data.keyword_renames.get(name, {})
                    and (self.tf1_module or (tf2 is not None and not tf2.accepts(arg)))
                ):
                    self.add("TF107", call, f"`{name}` takes no `{arg}` argument in TensorFlow 2")
                return
            if kind == "_name_scope_transformer":
                if self._v1_name_scope(call, ref):
                    self.add(
                        "TF107",
                        call,
                        "`tf.name_scope` of TF1: TF2's takes only `name` (no `default_name`, "
                        "`values`) and cannot re-enter a scope by name",
                    )
                return
            if name not in data.renames and (self.tf1_module or name not in data.in_v2):
                text = TRANSFORM_MESSAGES.get(kind, "its arguments changed in TensorFlow 2")
                text = text.replace("{M}", name.rsplit("_", 1)[-1].upper())
                self.add("TF107", call, f"`{name}`: {text}")
                return
        self._arg_warnings(call, name, tf2)

    def _arg_warnings(self, call: cst.Call, name: str, tf2: Signature | None) -> None:
        entries = self.data.arg_warnings.get(name)
        if not entries:
            return
        renamed = self.data.keyword_renames.get(name, {})
        positional = sum(1 for a in call.args if a.keyword is None)
        shown = name if not name.startswith("*") else name[1:]
        for keyword, position, _level, _text in entries:
            if self._keyword(call, keyword):
                if keyword in renamed:
                    continue  # TF102 reports the keyword itself
                if not self.tf1_module and (tf2 is None or tf2.accepts(keyword)):
                    continue
            elif not (self.tf1_module and position is not None and positional > position):
                continue
            self.add(
                "TF107",
                call,
                f"`{shown}` changed its `{keyword}` argument in TensorFlow 2; "
                "`tf2lint explain TF107` has tf_upgrade_v2's note",
            )
            return

    @staticmethod
    def _keyword(call: cst.Call, keyword: str | None) -> bool:
        return any(a.keyword is not None and a.keyword.value == keyword for a in call.args)

    def _device_function(self, call: cst.Call) -> None:
        """``tf.device(lambda op: ...)``: device functions work only in TF1's graph mode."""
        if not self.tf1_module or not call.args:
            return
        spec = call.args[0]
        if spec.keyword is not None and spec.keyword.value != "device_name":
            return
        value = spec.value
        if isinstance(value, cst.Lambda) or self.model.function_referenced(
            value, self.model.scope_of(value) if isinstance(value, cst.Name) else None
        ):
            self.add(
                "TF107",
                call,
                "`tf.device` with a device function works only in TF1's graph mode; "
                "TensorFlow 2 takes a device name",
            )

    def _v1_name_scope(self, call: cst.Call, ref: Reference) -> bool:
        if ref.via == "v1":
            return True
        positional = [a for a in call.args if a.keyword is None]
        return len(positional) > 1 or any(
            a.keyword is not None and a.keyword.value in ("default_name", "values")
            for a in call.args
        )

    def _method_call(self, call: cst.Call, method: str) -> None:
        """Calls of TF1 methods on objects the model does not know, in TF1 code."""
        if method in ITERATOR_METHODS:
            self._iterator(call, method)
            return
        self._keywords(call, "*." + method, "v2")
        if method == "save" and self._keras(call.func.value):
            # SavedModel became the default in TF2: news only to code written for TF1.
            self.add("TF107", call, _behaviour_message(dotted_name(call.func) or "save"))
            return
        self._arg_warnings(call, "*." + method, None)

    def _iterator(self, call: cst.Call, method: str) -> None:
        message = (
            f"`dataset.{method}()` is TF1 API; TF2 keeps it as "
            f"`tf.compat.v1.data.{method}(dataset)`, but {IDIOMS[f'tf.data.{method}']}"
        )
        where = call.func.attr
        local = self.model.alias_of(V1, self.model.scope_of(where))
        spelled = (f"{local}.data.{method}", []) if local is not None else None
        if spelled is None:
            found = self.spell(f"tf.compat.v1.data.{method}", where)
            spelled = found[:2] if found is not None else None
        fix = None
        if spelled is not None:
            text, extra = spelled
            replacement = cst.Call(func=_expr(text), args=[cst.Arg(call.func.value), *call.args])
            fix = _Fix(((call, replacement), *extra), f"rewrite to `{text}(dataset)`", "unsafe")
        self.add("TF104", call, message, fix)

    def _keras(self, receiver: cst.BaseExpression) -> bool:
        """Whether ``receiver`` is known to hold a Keras model (built or loaded here)."""
        if not isinstance(receiver, cst.Name):
            return False
        model = self.model
        binding = model.lookup(receiver.value, model.scope_of(receiver))
        for value in binding.values:
            if not isinstance(value, cst.Call):
                continue
            if is_keras(model.call_name(value), "Model", "Sequential", "load_model"):
                return True
            func = value.func
            if isinstance(func, cst.Name):
                cls = model.module_classes.get(func.value)
                if cls is not None and cls.keras_kind == "model":
                    return True
        return False

    # --- imports -----------------------------------------------------------------------------
    @cached_property
    def _import_guarded(self) -> frozenset[int]:
        """The import statements in the body of a ``try`` that catches their ImportError
        (``except ImportError``, ``ModuleNotFoundError``, ``Exception``, bare): a fallback for
        another TensorFlow, not a failing import."""
        guarded: set[int] = set()
        catches = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}
        for node in self.model.nodes_of(cst.Try):
            names: set[str | None] = set()
            for handler in node.handlers:
                kinds = handler.type
                if kinds is None:
                    names.add(None)
                    continue
                elements = kinds.elements if isinstance(kinds, cst.Tuple) else [kinds]
                for element in elements:
                    value = element.value if isinstance(element, cst.Element) else element
                    names.add((dotted_name(value) or "").rsplit(".", 1)[-1])
            if None in names or names & catches:
                for inner in _imports_in(node.body):
                    guarded.add(id(inner))
        return frozenset(guarded)

    def _missing_module(self, node: cst.CSTNode, module: str, spelled: str) -> bool:
        """``module`` (a ``tensorflow.*`` path) is no module of TF 2.21 (generated:
        ``tensorflow_modules``): reported as a removed module unless a ``try`` catches it."""
        if id(node) in self._import_guarded or not knowledge.missing_tensorflow_module(module):
            return False
        if module.split(".")[1] in _table_namespaces():
            return False  # `from tensorflow import gfile`: fixed with its uses (TF101, TF104)
        name = "tf" + module.removeprefix("tensorflow")
        idiom = tf2_idiom(name)
        hint = f"; {idiom}" if idiom else ""
        return self.add(
            "TF105", node, f"{spelled}: `{module}` is not a module of TensorFlow 2{hint}"
        )

    def _import(self, node: cst.Import) -> None:
        for alias in node.names:
            module = dotted_name(alias.name) or ""
            if module.startswith(("tensorflow.contrib", "tensorflow.estimator")):
                self.add("TF105", node, f"`import {module}`: the module is not in TensorFlow 2")
                return
            if self._missing_module(node, module, f"`import {module}`"):
                return
            if module == V1:
                local = alias.asname.name.value if alias.asname is not None else None
                if self.tf1_module and local in ("tf", None):
                    message = V1_IMPORT_MESSAGE
                else:
                    message = f"`import {V1} as {local}` brings TF1 API into TensorFlow 2 code"
                gap = TF1_MODE_GAP if self.graph_mode else None
                self.add("TF106", node, message, self._import_upgrade(node, alias), gap)
                return

    def _import_from(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None:
            return
        module = dotted_name(node.module) or ""
        for removed in ("tensorflow.contrib", "tensorflow.estimator"):
            if module == removed or module.startswith(removed + "."):
                self.add(
                    "TF105", node, f"`from {module} import ...`: `{removed}` is not in TensorFlow 2"
                )
                return
        if self._missing_module(node, module, f"`from {module} import ...`"):
            return
        if module == "tensorflow" and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                name = dotted_name(alias.name) or ""
                if classify(f"tf.{name}") is None and not knowledge.tensorflow_attribute(name):
                    spelled = f"`from tensorflow import {name}`"
                    if self._missing_module(node, f"tensorflow.{name}", spelled):
                        return
        gap = TF1_MODE_GAP if self.graph_mode else None
        if module == V1 or module.startswith(V1 + "."):
            self.add("TF106", node, f"`from {module} import ...` imports the TF1 API", gap=gap)
        elif (
            module == "tensorflow.compat"
            and not isinstance(node.names, cst.ImportStar)
            and any(isinstance(a.name, cst.Name) and a.name.value == "v1" for a in node.names)
        ):
            self.add(
                "TF106", node, "`from tensorflow.compat import v1` imports the TF1 API", gap=gap
            )

    def _import_upgrade(self, statement: cst.Import, alias: cst.ImportAlias) -> _Fix | None:
        """``import tensorflow.compat.v1 as tf`` becomes ``import tensorflow as tf``, and each
        use of ``tf`` whose TF2 namesake is not the same API becomes ``tf.compat.v1.<name>``:
        nothing the module computes changes."""
        if alias.asname is None or not isinstance(alias.asname.name, cst.Name):
            return None
        if alias.asname.name.value != "tf" or len(statement.names) != 1:
            return None
        module = self.model.scope
        sites = module.bindings.get("tf", ())
        if len(sites) != 1 or sites[0].node is not alias:
            return None  # `tf` is bound more than once: which uses mean this import is unclear
        if any(b.scope is module and b.name == "tf" for b in self._target_bindings):
            return None  # `tf.x = ...` would set an attribute of another module
        edits = [
            (
                statement,
                statement.with_changes(names=[alias.with_changes(name=_expr("tensorflow"))]),
            )
        ]
        for ref in self.references:
            binding = ref.binding
            if (
                binding.scope is module
                and binding.name == "tf"
                and not self.data.means_the_same_in_v2(ref.name)
            ):
                edits.append((ref.head, _expr("tf.compat.v1")))
        kept = len(edits) - 1
        return _Fix(
            tuple(edits),
            f"import `tensorflow as tf` and spell the {kept} uses whose TF2 namesake differs "
            f"`tf.compat.v1.*` (as TensorFlow {self.data.version} defines them)",
            "unsafe",
        )

    def _from_imports_of_tf1_names(self) -> None:
        """``from tensorflow import log``: the import fails on TF2, so its uses are fixed
        together with it (one fix removing the import), or not at all."""
        model = self.model
        groups: dict[int, list[Reference]] = defaultdict(list)
        for ref in self.references:
            sites = ref.binding.sites
            if (
                ref.via == "v2"
                and ref.head_length > 1
                and sites
                and sites[0].kind == SiteKind.IMPORT
            ):
                groups[id(sites[0].node)].append(ref)
        if not groups:
            return
        statements = {
            id(alias): node
            for node in model.nodes_of(cst.ImportFrom)
            if not isinstance(node.names, cst.ImportStar)
            for alias in node.names
        }
        for key, refs in groups.items():
            statement = statements.get(key)
            if statement is None:
                continue
            imported = tensorflow_api(refs[0].binding.sites[0].imported) or ""
            if not self._tf1_only_name("tf" + imported[len("tensorflow") :]):
                continue
            fix = self._group_fix(statement, refs)
            for ref in refs:
                at = self._ref_fix.get(id(ref.node))
                if at is None:
                    continue
                rule, index = at
                finding = self.findings[rule][index]
                self.findings[rule][index] = finding._replace(fix=fix)

    def _tf1_only_name(self, name: str) -> bool:
        if name in self.data.v1_only_modules:
            return True
        found = classify(name)
        return found is not None and found.kind != "switch" and tf1_only(found)

    def _group_fix(self, statement: cst.ImportFrom, refs: list[Reference]) -> _Fix | None:
        binding = refs[0].binding
        if len(binding.scope.bindings.get(binding.name, ())) != 1 or any(
            b.scope is binding.scope and b.name == binding.name for b in self._target_bindings
        ):
            return None
        line = next(
            (
                s
                for s in self.model.module.body
                if isinstance(s, cst.SimpleStatementLine) and statement in s.body
            ),
            None,
        )
        if line is None or any(e.comment for e in line.leading_lines):
            return None  # inside a block, or under a comment: not worth the care
        edits: dict[int, tuple] = {}
        unsafe = False
        for ref in refs:
            at = self._ref_fix.get(id(ref.node))
            fix = self.findings[at[0]][at[1]].fix if at is not None else None
            if fix is None:
                return None
            unsafe = unsafe or fix.applicability == "unsafe"
            for old, new in fix.edits:
                edits[id(old)] = (old, new)
        alias = binding.sites[0].node
        kept = [a for a in statement.names if a is not alias]
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            rest = [
                line.with_changes(
                    body=[
                        statement.with_changes(names=kept) if s is statement else s
                        for s in line.body
                    ]
                )
            ]
        elif len(line.body) > 1:
            rest = [line.with_changes(body=[s for s in line.body if s is not statement])]
        else:
            rest = []
        inserted = edits.pop(id(line), None)
        if inserted is not None:  # the `import tensorflow as tf` goes where this import was
            first = inserted[1].nodes[0]
            rest = [first, *[r.with_changes(leading_lines=()) for r in rest]]
        edits[id(line)] = (line, cst.FlattenSentinel(rest) if rest else cst.RemoveFromParent())
        shown = refs[0].head.value
        return _Fix(
            tuple(edits.values()),
            f"rewrite every use of `{shown}` and drop it from its `from tensorflow` import",
            "unsafe" if unsafe else "safe",
        )


V1_IMPORT_MESSAGE = (
    "`import tensorflow.compat.v1` makes the module's TensorFlow API the TF1 one; import "
    "`tensorflow` and use the TF2 API"
)


def _tf1_api_message(old: str) -> str:
    if old in TF1_ONLY:
        return f"`{old}` is TF1 API: {TF1_ONLY[old]}"
    new = migration().renames.get(old, "tf.compat.v1" + old[2:])
    message = f"`{old}` is TF1 API that TensorFlow 2 keeps only as `{new}`"
    idiom = tf2_idiom(old)
    return f"{message}; {idiom}" if idiom else message


def _behaviour_message(name: str) -> str:
    return (
        f"`{name.removeprefix('*')}` behaves differently in TensorFlow 2; "
        "`tf2lint explain TF107` has tf_upgrade_v2's note"
    )


def _is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


@cache
def _table_namespaces() -> frozenset[str]:
    """The TF1 namespaces whose members tf_upgrade_v2's tables name (``gfile``, ``logging``):
    their uses are reported and fixed name by name, with the import."""
    return frozenset(name.split(".")[1] for name in migration().renames if name.count(".") > 1)


def _imports_in(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The import statements in ``node``'s statements, nested blocks included (not in a
    function or class defined there)."""
    found: list[cst.CSTNode] = []
    for child in node.children:
        if isinstance(child, (cst.Import, cst.ImportFrom)):
            found.append(child)
        elif not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.BaseExpression)):
            found.extend(_imports_in(child))
    return found


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


@lru_cache(maxsize=1024)
def _expr(code: str) -> cst.BaseExpression:
    """``code`` parsed (nodes are immutable: a module with many of one rename parses it once)."""
    return cst.parse_expression(code)


def _atomic(node: cst.BaseExpression) -> bool:
    return isinstance(
        node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)
    ) or bool(getattr(node, "lpar", ()))


# --- explain: tf_upgrade_v2's own notes, by the rule that reports each API -----------------------


def _owner(name: str) -> str:
    """The rule that reports a use of ``name`` in TF1 code."""
    found = classify(name)
    if found is None:
        return "TF107"
    if found.kind == "module":
        return "TF105"
    if found.kind == "switch":
        return "TF106"
    if not tf1_only(found):
        return "TF107"
    return "TF101" if found.kind in ("rename", "cast") else "TF104"


def _quoted(name: str, text: str) -> str:
    return " ".join(text.replace("<function name>", name).split())


@cache
def notes(rule_id: str) -> str:
    """tf_upgrade_v2's notes on the APIs ``rule_id`` reports, quoted, for ``tf2lint explain``."""
    data = migration()
    lines = [
        f"- `{name.removeprefix('*')}`: {_quoted(name, text)}"
        for name, (_level, text) in data.warnings.items()
        if _owner(name) == rule_id
    ]
    if rule_id == "TF105":
        lines += [
            f"- `{name}`: {_quoted(name, text)}"
            for name, (_level, text) in data.module_deprecations.items()
        ]
    if rule_id == "TF107":
        lines += [
            f"- `{name.removeprefix('*')}({keyword}=)`: {_quoted(name, text)}"
            for name, entries in data.arg_warnings.items()
            for keyword, _position, _level, text in entries
        ]
    if not lines:
        return ""
    return (
        f"\n\nNotes of `tf_upgrade_v2` (TensorFlow {data.version}) on the APIs this rule "
        "reports, quoted:\n\n" + "\n".join(lines)
    )


class _WithNotes:
    """A rule's rationale, then tf_upgrade_v2's notes on the APIs it reports: read from the
    migration data when the docs ask for them, not when the rules load."""

    def __init__(self, text: str) -> None:
        self.text = textwrap.dedent(text).strip()

    def __get__(self, instance, owner) -> str:
        return self.text + notes(owner.id)


# --- the rules -----------------------------------------------------------------------------------


def _analysis(rule: Rule) -> _Analysis:
    return rule.context.memo(_Analysis, lambda: _Analysis(rule.model))


class _Tf1Rule(Rule):
    category = "tf1-api"
    requires_tensorflow = True

    def visit_Module(self, node: cst.Module) -> None:
        for finding in _analysis(self).findings.get(self.id, ()):
            fix = finding.fix
            if finding.gap is not None:
                self.report(finding.node, finding.message, gap=finding.gap)
            elif fix is None:
                self.report(finding.node, finding.message)
            else:
                self.report(
                    finding.node,
                    finding.message,
                    edits=list(fix.edits),
                    fix_description=fix.description,
                    applicability=fix.applicability,
                )


class RenamedSymbol(_Tf1Rule):
    id = "TF101"
    name = "tf1-renamed-symbol"
    message = "TF1 name: TensorFlow 2 has this under a new name"
    rationale = _WithNotes(
        """
        TensorFlow 2 moved many TF1 symbols into namespaces (`tf.log` is `tf.math.log`,
        `tf.gfile.Exists` is `tf.io.gfile.exists`) and removed the `tf.to_<dtype>` casts. The
        old names are gone from the TF2 namespace: code that uses them fails with
        `AttributeError` as soon as it runs on TF2.
        """
    )
    fix_applicability = "safe"
    fix_safety = (
        "Safe when the TF2 name is the same function as the TF1 one, or a function whose "
        "positional parameters are the same ones (names, order and defaults, checked by the "
        "generator against the installed TensorFlow) called with positional arguments only; "
        "`tf.to_<dtype>(x)` becomes `tf.cast(x, tf.<dtype>)`. Other renames are unsafe: their "
        "signature or behaviour changed. A name imported with `from tensorflow import ...` is "
        "fixed together with its import, or not at all."
    )


class KeywordRename(_Tf1Rule):
    id = "TF102"
    name = "tf1-keyword-argument"
    message = "keyword argument renamed or removed in TensorFlow 2"
    rationale = """
        Some TF2 functions renamed their keyword arguments (`tf.argmax(dimension=)` is
        `axis=`, `tf.nn.dropout(keep_prob=)` is `rate=1 - keep_prob`) or dropped them
        (`colocate_gradients_with_ops`). The old keyword raises `TypeError` on TF2. In TF2 code
        only keywords TF2's own signature rejects are reported.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Renaming a keyword to the one the called function takes, and `keep_prob=p` to "
        "`rate=1 - p`, keeps the call's meaning. Removing an argument TF2 no longer has is "
        "unsafe: its effect is gone."
    )


class ArgumentReorder(_Tf1Rule):
    id = "TF103"
    name = "tf1-argument-order"
    message = "positional arguments that bind another parameter in TensorFlow 2"
    rationale = """
        TF2 reordered the parameters of some functions (`tf.argmax`, `tf.nn.conv2d`,
        `tf.nn.moments`, ...), usually by dropping a deprecated one in the middle. In TF1 code,
        positional arguments past the change bind to a different parameter on TF2, silently.
        Only TF1 code is checked (TF2 code means TF2's order), and only positions whose
        parameter really differs between the two signatures.
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: each positional argument from the first that moved becomes a keyword naming "
        "the parameter it binds in TF1, spelled as TF2 calls it where the function called "
        "today takes that name too."
    )


class GraphModeApi(_Tf1Rule):
    id = "TF104"
    name = "tf1-graph-mode-api"
    message = "TF1-only API: TensorFlow 2 keeps it only in tf.compat.v1"
    rationale = _WithNotes(
        """
        Sessions, placeholders, `get_variable`/`variable_scope`, graph collections, `Saver`,
        queue runners, one-shot iterators, `tf.layers`, `tf.train.*Optimizer`, `tf.logging`,
        `tf.app` ... exist in TF2 only as `tf.compat.v1` shims for graph-mode code.
        `tf_upgrade_v2` rewrites them to `tf.compat.v1.*`, which keeps TF1 semantics; the TF2
        way is eager code, `tf.function`, `tf.Module`/Keras objects and `tf.data`. Names TF2
        still has (`tf.zeros_initializer`, `tf.where`) are not this rule's: in TF1 code TF107
        says where their meaning changed.
        """
    )
    fix_applicability = "unsafe"
    fix_safety = (
        "The fix is `tf_upgrade_v2`'s shim, offered only in a module that turns eager execution "
        "off (`tf.compat.v1.disable_eager_execution()` or `disable_v2_behavior()`): it rewrites "
        "to `tf.compat.v1.*`, which keeps the TF1 behaviour but is still TF1 code (the message "
        "names the TF2 idiom to move to). Under TF2's default eager execution the shims of "
        "placeholders, sessions and Savers still fail, so there is no fix there."
    )


class DeprecatedModule(_Tf1Rule):
    id = "TF105"
    name = "tf1-removed-module"
    severity = "error"
    message = "module removed from TensorFlow 2"
    rationale = _WithNotes(
        """
        `tf.contrib` is not part of TensorFlow 2 (nor of `tf.compat.v1`), `tf.flags` and
        `tf.app.flags` are gone, and `tf.estimator` was removed in TF 2.16. Code that uses
        them cannot run on TF2; there is no automatic rewrite. An import of any other
        `tensorflow.*` module that TensorFlow 2 does not have (`from
        tensorflow.examples.tutorials.mnist import input_data`) fails the same way, with
        `ModuleNotFoundError`: the modules TF 2.21 has are generated from it
        (`tensorflow_modules` in the knowledge base); its own package folders
        (`tensorflow.python`, `tensorflow.lite`), `tensorflow.keras` (the Keras 3 rules) and
        `tensorflow.compat` (TF106) are not judged, nor an import in a `try` that catches
        `ImportError`. A removed module is reported once per way the module reaches it: at
        its import (`import tensorflow.contrib.slim as slim`; the uses of `slim` are the same
        fault), or at the first use through `tf` (`tf.contrib.layers...`); so is a TF1-only
        module TF104 reports (`tf.app.flags`).
        """
    )


class CompatV1Usage(_Tf1Rule):
    id = "TF106"
    name = "tf-compat-v1-usage"
    message = "tf.compat.v1 in TensorFlow 2 code"
    rationale = """
        `tf.compat.v1` is TF1 kept alive for migration: graph-mode semantics, collections,
        sessions. `import tensorflow.compat.v1 as tf` turns every `tf.x` in the module into the
        TF1 API, and `disable_v2_behavior()` / `disable_eager_execution()` switch the whole
        process back to TF1 behaviour. Code meant for TF2 should use the TF2 API directly.
        A module that turns eager execution off (`disable_eager_execution()`,
        `disable_v2_behavior()`) is TF1 code by choice, which TF2 runs through `tf.compat.v1`:
        it is told so once, at the switch (and its `tensorflow.compat.v1` import), only with
        `--preview`, and its `tf.compat.v1.*` uses are not reported, except
        `tf.compat.v1.layers`, which is Keras 2's and raises AttributeError from TF 2.16 on
        unless the module uses tf-keras (`TF_USE_LEGACY_KERAS=1`; checked on TF 2.21).
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "`import tensorflow.compat.v1 as tf` becomes `import tensorflow as tf`, and every use "
        "of `tf` whose TF2 namesake is not the same API (`tf.where`, `tf.cond`, `tf.Session`, "
        "...) is spelled `tf.compat.v1.<name>`, so nothing the module computes changes; it is "
        "unsafe because which names are the same comes from the TensorFlow version the data "
        "was generated from. The other tf1-api rules then move the `tf.compat.v1` uses on."
    )


class FunctionWarning(_Tf1Rule):
    id = "TF107"
    name = "tf1-behaviour-change"
    message = "this call behaves differently in TensorFlow 2"
    rationale = _WithNotes(
        """
        In TF1 code, calls whose TF2 behaviour differs from TF1's although the name stayed
        (`tf.where` broadcasts, `tf.nn.softmax_cross_entropy_with_logits` back-propagates into
        labels, `tf.image.resize_*` became one function, Keras `model.save` defaults to the
        Keras format ...). Each needs a manual check. TF2 code is not checked: it means TF2's.
        """
    )


# --- methods TensorFlow 2 itself removed (generated: scripts/generate_keras_history.py) ----------


def _strategy_class(model, expr: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """The ``tf.distribute`` class (``distribute.MirroredStrategy``) every value the code assigns
    to ``expr`` is built by (a name or a ``self.<attr>``, through other names), or
    ``distribute.Strategy`` for ``tf.distribute.get_strategy()``; None when any is unknown."""
    if isinstance(expr, cst.Call):
        name = model.call_name(expr) or ""
        if not name.startswith("tensorflow.distribute."):
            return None
        path = "distribute." + name.rsplit(".", 1)[-1]
        if path == "distribute.get_strategy":
            return "distribute.Strategy"
        return path if path.endswith("Strategy") else None
    if depth > 3 or not isinstance(expr, (cst.Name, cst.Attribute)):
        return None
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
    else:
        values = model.bound_values(expr, scope) or None
    found = {_strategy_class(model, v, scope, depth + 1) for v in values or ()}
    return found.pop() if len(found) == 1 and None not in found else None


class RemovedDistributeMethod(Rule):
    id = "TF108"
    name = "tf2-removed-method"
    category = "tf1-api"
    severity = "error"
    since_tensorflow = "2.4"
    message = "this `tf.distribute` method was removed during TensorFlow 2.x"
    rationale = """
        TensorFlow 2 renamed some `tf.distribute` methods and, after a deprecation period,
        removed the old names: `strategy.experimental_run_v2(fn, args=...)` became
        `strategy.run` in TF 2.2 and was removed in TF 2.4 (`AttributeError:
        'MirroredStrategy' object has no attribute 'experimental_run_v2'`). Which methods went,
        and which other method each old one only forwarded its arguments to, is generated by
        introspecting the `tf.distribute` classes of old TensorFlow releases against the
        installed one (`scripts/generate_keras_history.py`). Evidence required: the receiver is
        built in this module by a `tf.distribute` strategy class or `tf.distribute.get_strategy()`
        (through names and `self.<attr>` assignments).
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe where the removed method's own body only forwarded its arguments, unchanged, to "
        "the method it names (`experimental_run_v2` returned `self.run(fn, args=args, "
        "kwargs=kwargs, options=options)`): calling that method is the same program."
    )

    def visit_Attribute(self, node: cst.Attribute) -> None:
        removed = _distribute_history()
        member = node.attr.value
        if member not in removed["names"] or self.model.is_target(node):
            return
        cls = _strategy_class(self.model, node.value, self.context.scope)
        if cls is None:
            return
        entry = removed["members"].get(cls, {}).get(member) or removed["members"].get(
            "distribute.Strategy", {}
        ).get(member)
        if entry is None:
            return
        shown = cls.rsplit(".", 1)[-1]
        message = f"`{shown}.{member}` was removed after TF {entry['last']} (AttributeError)"
        new = entry.get("renamed")
        because = [(f"the receiver is a `tf.{cls}`", node.value)]
        if new is None:
            self.report(node.attr, message, because=because)
            return
        self.report(
            node.attr,
            f"{message}; it was `{new}` under its old name",
            replacement=cst.Name(new),
            fix_description=f"call `{new}`",
            because=because,
        )


@cache
def _distribute_history() -> dict:
    members = keras2_history().get("distribute", {})
    return {"members": members, "names": frozenset(m for ms in members.values() for m in ms)}


# --- TF1's Dataset members, gone from TF2's tf.data.Dataset -----------------------------------

_DATASET_REPLACEMENTS = {
    "make_one_shot_iterator": "iterate the dataset: `iter(dataset)` (its `get_next()` works), "
    "or `tf.compat.v1.data.make_one_shot_iterator(dataset)`",
    "make_initializable_iterator": "iterate the dataset again to restart it, or "
    "`tf.compat.v1.data.make_initializable_iterator(dataset)`",
    "output_shapes": "read `dataset.element_spec` (each spec's `.shape`), or "
    "`tf.compat.v1.data.get_output_shapes(dataset)`",
    "output_types": "read `dataset.element_spec` (each spec's `.dtype`), or "
    "`tf.compat.v1.data.get_output_types(dataset)`",
    "output_classes": "read `dataset.element_spec`, or "
    "`tf.compat.v1.data.get_output_classes(dataset)`",
}


def _tf2_dataset(model, expr: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """The TF2 call that makes the dataset ``expr`` holds (through method chains and names),
    when it is TF2's ``tf.data`` (not ``tf.compat.v1.data``, whose datasets are TF1's)."""
    if depth > 10:
        return None
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, scope)
        found = [_tf2_dataset(model, v, model.scope_of(expr), depth + 1) for v in values]
        return found[0] if values and all(found) else None
    if not isinstance(expr, cst.Call):
        return None
    name = model.call_name(expr)
    if name is not None:
        if name.startswith("tensorflow.compat.v1."):
            return None
        kind = model.kind_of(expr, scope)
        return name if kind is not None and kind.kind == "dataset" else None
    method = expr.func.attr.value if isinstance(expr.func, cst.Attribute) else None
    if method is not None and knowledge.member_kind("dataset", method, called=True) == "dataset":
        return _tf2_dataset(model, expr.func.value, scope, depth + 1)  # ds.shuffle(8).batch(2)
    return None


class RemovedDatasetMember(Rule):
    id = "TF109"
    name = "tf1-dataset-member"
    category = "tf1-api"
    severity = "error"
    message = "TF2's `tf.data.Dataset` has no TF1 iterator constructors nor `output_*` members"
    rationale = """
        TF1's `tf.compat.v1.data.Dataset` had members that TF2's `tf.data.Dataset` dropped:
        `make_one_shot_iterator()`, `make_initializable_iterator()`, `output_shapes`,
        `output_types` and `output_classes` (and `map_with_legacy_function`,
        `filter_with_legacy_function`, `from_sparse_tensor_slices`; the list is generated by
        comparing the installed TensorFlow's two classes, `scripts/generate_migration_data.py`).
        On a dataset TF2's `tf.data` made they fail: `AttributeError: '_BatchDataset' object has
        no attribute 'make_one_shot_iterator'` (TF 2.21). A TF2 dataset is iterable, `iter(
        dataset)` gives an iterator with `get_next()`, and `dataset.element_spec` describes its
        elements (the `tf.data.Dataset` API page); `tf.compat.v1.data.make_one_shot_iterator(
        dataset)` and `tf.compat.v1.data.get_output_shapes(dataset)` keep TF1's forms. Evidence
        required: the receiver is a dataset made by TF2's `tf.data` (a `tf.data` constructor,
        through dataset methods and names bound only to such a chain), not `tf.compat.v1.data`;
        what TF104 reports in TF1 code is not reported again.
    """
    requires_text = ("make_", "output_", "legacy_function", "sparse_tensor_slices")

    def visit_Attribute(self, node: cst.Attribute) -> None:
        member = node.attr.value
        if member not in migration().dataset_v1_only_members or self.model.is_target(node):
            return
        made = _tf2_dataset(self.model, node.value, self.context.scope)
        if made is None:
            return
        for finding in _analysis(self).findings.get("TF104", ()):
            call = finding.node
            if isinstance(call, cst.Call) and call.func is node:
                return  # TF104 reported this call in TF1 code
        advice = _DATASET_REPLACEMENTS.get(member, "see TF2's `tf.data.Dataset` API")
        self.report(
            node.attr,
            f"TF2's `tf.data.Dataset` has no `{member}` (AttributeError): {advice}",
            because=[(f"this dataset is made by TF2's `{made}`", node.value)],
        )


# --- TF1's functional layers looked up under Keras ---------------------------------------------

_KERAS_LAYER_MODULES = (
    "tensorflow.keras.layers.",
    "tensorflow.compat.v2.keras.layers.",
    "keras.layers.",
    "tf_keras.layers.",
)


class FunctionalLayerUnderKeras(Rule):
    id = "TF110"
    name = "tf1-functional-layer-under-keras"
    category = "tf1-api"
    severity = "error"
    message = "Keras has no functional lowercase layers (`conv2d`, `dense`): use the layer class"
    rationale = """
        TF1's `tf.layers` had a lowercase function beside each layer class
        (`tf.layers.conv2d(inputs, filters, ...)` beside `tf.layers.Conv2D`); TF2 dropped
        `tf.layers`, and Keras, which its layers moved to, has only the classes. Porting
        `tf.layers.conv2d(inputs=x, ...)` to `tf.keras.layers.conv2d(inputs=x, ...)` fails:
        `AttributeError: module 'keras._tf_keras.keras.layers' has no attribute 'conv2d'`
        (TF 2.21; `tf_keras.layers` and Keras 3's `keras.layers` lack it too). Build the layer
        and call it on the input: `tf.keras.layers.Conv2D(filters, kernel_size, ...)(x)`
        (the `tf.compat.v1.layers.conv2d` API page names `tf.keras.layers.Conv2D` as its
        replacement). The names are generated from the installed packages
        (`scripts/generate_migration_data.py`): TF1's functional layers that neither Keras 3
        nor tf-keras has, each with the class of the same name both have. Evidence required:
        the name resolves to one of those under `tf.keras.layers`, `keras.layers` or
        `tf_keras.layers` (through the module's imports).
    """
    requires_text = ("layers",)
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: the layer class takes the function's arguments under the same names (the "
        "`tf.compat.v1.layers` API pages: none of the supported arguments changed name) but "
        "makes new variables on each call of the rewritten line, as the function did outside a "
        "variable scope; `reuse=` has no Keras form, so such calls are not rewritten."
    )

    def visit_Module(self, node: cst.Module) -> None:
        self._done: set[int] = set()  # the callees reported with their call
        self._functions = migration().layer_functions  # asked at every name of the module

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        member = func.attr.value if isinstance(func, cst.Attribute) else None
        if isinstance(func, cst.Name):
            member = func.value
        cls = self._functions.get(member) if member is not None else None
        if cls is None or not self._under_keras(func):
            return
        self._done.add(id(func))
        self._report(func, member, cls, node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value in self._functions:
            self._check(node, node.attr.value)

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in self._functions:  # `from keras.layers import conv2d`
            self._check(node, node.value)

    def _under_keras(self, node: cst.BaseExpression) -> bool:
        qualified = self.model.qualified_name(node)
        return qualified is not None and qualified.rpartition(".")[0] + "." in _KERAS_LAYER_MODULES

    def _check(self, node: cst.BaseExpression, member: str) -> None:
        cls = self._functions[member]
        if id(node) in self._done or self.model.is_target(node):
            return
        if isinstance(node, cst.Name) and self.model.qualified_name(node) is None:
            return
        if self._under_keras(node):
            self._report(node, member, cls, None)

    def _rewrite(self, call: cst.Call, cls: str) -> cst.Call | None:
        """``layers.conv2d(x, 32, 3, training=t)`` -> ``layers.Conv2D(32, 3)(x, training=t)``."""
        inputs = None
        layer_args: list[cst.Arg] = []
        call_args: list[cst.Arg] = []
        for arg in call.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if arg.star or keyword == "reuse":
                return None
            if keyword is None and inputs is None:
                inputs = arg
            elif keyword == "inputs":
                inputs = arg.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT)
            elif keyword == "training":
                call_args.append(arg)
            else:
                layer_args.append(arg)
        if inputs is None:
            return None

        def plain(args: list[cst.Arg]) -> list[cst.Arg]:
            return [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]

        func = call.func
        new_func = (
            func.with_changes(attr=cst.Name(cls))
            if isinstance(func, cst.Attribute)
            else cst.Name(cls)
        )
        if isinstance(func, cst.Name):
            return None  # `from keras.layers import conv2d`: the import would need the class
        layer = cst.Call(func=new_func, args=plain(layer_args))
        return cst.Call(func=layer, args=plain([inputs, *call_args]))

    def _report(
        self, node: cst.BaseExpression, member: str, cls: str, call: cst.Call | None
    ) -> None:
        message = (
            f"Keras has no `layers.{member}` (AttributeError): TF1's functional `tf.layers."
            f"{member}` has no Keras twin; build the layer and call it, `layers.{cls}(...)"
            "(inputs)` with the same arguments but `inputs`"
        )
        rewritten = self._rewrite(call, cls) if call is not None else None
        if call is None or rewritten is None:
            self.report(node, message)
            return
        self.report(
            node,
            message,
            edits=[(call, rewritten)],
            fix_description=f"build `{cls}(...)` and call it on the inputs",
            applicability="unsafe",
        )


# --- a TF1 session asked to run what TF2 made eagerly --------------------------------------------

# (`tf.Session` through TF2's namespace fails itself, AttributeError: TF104 reports it)
_SESSIONS = frozenset({"tensorflow.compat.v1.Session", "tensorflow.compat.v1.InteractiveSession"})
# Names whose presence means the module may build a graph (or turn eager execution off).
_GRAPH_BUILDERS = frozenset(
    {"disable_eager_execution", "disable_v2_behavior", "as_default", "Graph", "function"}
)


class SessionRunsEagerValue(Rule):
    id = "TF111"
    name = "session-runs-eager-value"
    category = "tf1-api"
    severity = "error"
    message = "a TF1 session runs a value TensorFlow 2 made eagerly: it is in no session graph"
    rationale = """
        TensorFlow 2 executes eagerly: `tf.Variable(...)`, `tf.constant(...)` and every op
        called outside a graph give eager values, which belong to no graph, and
        `tf.compat.v1.global_variables_initializer()` gives None. A `tf.compat.v1.Session()`
        made without a graph runs the default graph, which eager code leaves empty: `sess.run`
        of an eager variable or tensor raises `RuntimeError: The Session graph is empty`, or,
        once the graph holds something, `TypeError: Can not convert a ResourceVariable into a
        Tensor or Operation`. TF1 code ported by renaming to `tf.compat.v1` fails there.
        Reported where the module never turns eager execution off (`disable_eager_execution`,
        `disable_v2_behavior`), builds no graph (`tf.Graph`, `as_default`, `tf.function`), the
        session is made in the same function without a `graph`, and every value the fetched
        name holds is a TensorFlow call made in that function.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "run":
            return
        if not isinstance(func.value, cst.Name) or not node.args or self._builds_graph():
            return
        fetch = node.args[0]
        if fetch.keyword is not None and fetch.keyword.value != "fetches":
            return
        model, scope = self.model, self.context.scope
        session = model.binding_of(func.value, scope)
        if not session.sites or session.scope is not scope:
            return
        for site in session.sites:
            call = site.value
            if site.kind not in (SiteKind.ASSIGN, SiteKind.WITH) or not isinstance(call, cst.Call):
                return
            if model.call_name(call) not in _SESSIONS or len(call.args) > 1:
                return
            if any(a.keyword is not None and a.keyword.value == "graph" for a in call.args):
                return
        value = fetch.value
        names = (
            [e.value for e in value.elements]
            if isinstance(value, (cst.List, cst.Tuple))
            else [value]
        )
        for name in names:
            made = self._eager_value(name, scope)
            if made is not None:
                shown = code(name)
                self.report(
                    node,
                    f"`{code(func)}` fetches `{shown}`, made eagerly by "
                    f"`{code(made.func)}`: it belongs to no session "
                    "graph (TF2 runs eagerly unless eager execution is turned off)",
                    because=[
                        (f"`{shown}` is made eagerly here", made),
                        (
                            f"`{code(func.value)}` is a session of the default graph",
                            session.sites[0].node,
                        ),
                    ],
                )
                return

    def _eager_value(self, name: cst.BaseExpression, scope) -> cst.Call | None:
        """The TensorFlow call that made the value ``name`` holds, when every value it can
        hold is one, made in ``scope``."""
        if not isinstance(name, cst.Name):
            return None
        binding = self.model.binding_of(name, scope)
        values = binding.known_values
        if not values or binding.scope is not scope:
            return None
        for value in values:
            if not isinstance(value, cst.Call):
                return None
            called = self.model.call_name(value) or ""
            if not called.startswith("tensorflow.") or called in _SESSIONS:
                return None
        return values[-1]

    def _builds_graph(self) -> bool:
        def scan() -> bool:
            names = (n.value for n in self.model.nodes_of(cst.Name))
            return any(n in _GRAPH_BUILDERS for n in names)

        return self.context.memo(("TF111", "graph"), scan)


# --- Keras's TF2 optimizers in a module that turns eager execution off ----------------------------

# Where Keras's optimizer classes live; `legacy` (tf-keras's TF1-style ones) and `schedules` not.
_KERAS_OPTIMIZER_MODULES = (
    "tensorflow.keras.optimizers.",
    "keras.optimizers.",
    "tf_keras.optimizers.",
)


class GraphModeKerasOptimizer(Rule):
    id = "TF112"
    name = "tf2-keras-optimizer-with-eager-off"
    category = "tf1-api"
    severity = "error"
    since_tensorflow = "2.11"
    message = "a Keras TF2 optimizer in a module that turns eager execution off cannot train"
    rationale = """
        Since TF 2.11 `tf.keras.optimizers.Adam` (and every other class there) is Keras's TF2
        optimizer, which trains only eagerly or in a `tf.function`. A module that calls
        `tf.compat.v1.disable_eager_execution()` or `disable_v2_behavior()` trains its Keras
        model the TF1 way, through the optimizer's `get_updates`, which the TF2 optimizer does
        not have: under tf-keras `fit` raises `AttributeError: 'Adam' object has no attribute
        'get_updates'`, and under Keras 3 (TF 2.16+) `fit` cannot run at all with eager
        execution off (`RuntimeError`; checked on TF 2.21). Keep eager execution on, or, for
        TF1 code on tf-keras, use `tf.keras.optimizers.legacy.Adam` (a string such as
        `"adam"` is made the legacy optimizer in graph mode by tf-keras itself). Reported
        where a module that calls such a switch builds an instance of a Keras optimizer class
        outside `optimizers.legacy`; reported at the switch (once), with the optimizer as
        evidence.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # Reported at the switch, the TF1 call that takes the optimizer's way of training away
        # (once per module), pointing at the optimizer.
        if not turns_eager_off(self.model):
            return
        switch = next(
            ref.node
            for ref in tf1_references(self.model).references
            if ref.found is not None and ref.found.old in GRAPH_MODE_SWITCHES
        )
        for call in self.model.nodes_of(cst.Call):
            name = self.model.call_name(call)
            if name is None or not name.startswith(_KERAS_OPTIMIZER_MODULES):
                continue
            leaf = name.rsplit(".", 1)[-1]
            if ".legacy." in name or ".schedules." in name or not leaf[:1].isupper():
                continue
            if leaf in ("Optimizer", "LossScaleOptimizer"):
                continue
            self.report(
                switch,
                f"`{code(switch)}` turns eager execution off, but `{code(call.func)}` is "
                "Keras's TF2 optimizer, which cannot train that way (it has no `get_updates`): "
                f"keep eager execution on, or use `optimizers.legacy.{leaf}` on tf-keras",
                because=[(f"`{code(call.func)}` is made here", call)],
            )
            return

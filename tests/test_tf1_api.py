"""TF101-TF107: TF1 API in TensorFlow 2 code, from tf_upgrade_v2's tables and TF's signatures."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import pytest

from conftest import FIXTURES, ROOT, lint, rule_ids
from tf2lint.linting.engine import lint_module
from tf2lint.linting.fixes import apply, choose_fixes
from tf2lint.linting.plugins import all_rules
from tf2lint.rules import tf1_api

TF1_RULES = [r for r in all_rules() if r.category == "tf1-api"]


def fixed(source: str, select=("TF1",), unsafe: bool = False) -> str:
    """The code after applying the selected rules' fixes round by round to a fixed point."""
    rules = [r for r in all_rules() if any(r.id.startswith(s) for s in select)]
    code = textwrap.dedent(source)
    for _ in range(10):
        result = lint_module(code, "t.py", rules)
        fixes = [
            d.fix
            for d in result.diagnostics
            if d.fix and d.fix.edits and (unsafe or d.fix.applicability == "safe")
        ]
        if not fixes:
            return code
        code = apply(result.module, choose_fixes(result.module, fixes))
        compile(code, "t.py", "exec")  # every round leaves code that parses
    raise AssertionError("fixes did not settle")


def rules_at(source: str) -> list[tuple[str, int]]:
    return sorted((d.rule, d.line) for d in lint(source, ["TF1"]))


TF1_EVIDENCE = "x_in = tf.placeholder(tf.float32)\n"  # a name only TF1 has


# --- valid TF2 code: nothing to say, nothing to change ------------------------------------------

# Every case of issue 12's table and its "Also" list, as TF2 code means it.
VALID_TF2 = [
    "tf.argmax(x, 1, tf.int32)",
    "tf.random.poisson(shape, lam)",
    "tf.math.in_top_k(targets, predictions, k)",
    "tf.nn.dropout(x, 0.1)",
    "tf.nn.moments(x, [0], None, True)",
    'tf.nn.conv2d(x, f, 1, "SAME", "NHWC")',
    "tf.boolean_mask(t, m, 0)",
    "tf.gather_nd(params, indices, 1)",
    'tf.pad(t, paddings, "CONSTANT", 1)',
    'tf.nn.pool(x, [2, 2], "MAX", None, "SAME")',
    'tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", None)',
    'tf.nn.separable_conv2d(x, df, pf, [1, 1, 1, 1], "SAME", "NHWC", None)',
    "tf.nn.weighted_moments(x, [0], w, True)",
    "tf.nn.embedding_lookup(params, ids, 1.0)",
    'tf.nn.convolution(x, f, None, "SAME", "NHWC")',
    "tf.where(cond, a, b)",
    "tf.cond(pred, true_fn, false_fn)",
    "tf.while_loop(cond, body, loop_vars)",
    "tf.constant_initializer(2.0)",
    "tf.zeros_initializer()",
    "tf.keras.optimizers.Adam(0.1)",
    "tf.reduce_sum(x, 1, True)",
    'tf.name_scope("block")',
    "tf.summary.scalar('loss', loss, step=step)",
    "tf.nn.softmax_cross_entropy_with_logits(labels, logits)",
]


@pytest.mark.parametrize("call", VALID_TF2)
def test_valid_tf2_calls_get_no_finding_and_no_fix(call):
    source = f"import tensorflow as tf\n\ny = {call}\n"
    assert lint(source, ["TF1"]) == []
    assert fixed(source, unsafe=True) == source


def test_keras_3_own_in_top_k_is_tf2_code():
    # the shape of keras/src/backend/tensorflow/math.py's in_top_k
    source = (
        "import tensorflow as tf\n\n\n"
        "def in_top_k(targets, predictions, k):\n"
        "    return tf.math.in_top_k(targets, predictions, k)\n"
    )
    assert lint(source, ["TF1"]) == []
    assert fixed(source, unsafe=True) == source


def test_tf2_code_with_compat_v2_import_is_tf2_code():
    # tf.compat.v2 has `enable_v2_behavior`, which `tf` lacks: TF2 code still
    source = "import tensorflow.compat.v2 as tf\ntf.enable_v2_behavior()\ny = tf.argmax(x, 1, tf.int32)\n"
    assert lint(source, ["TF1"]) == []


# --- what makes a module TF1 code ---------------------------------------------------------------

REORDERED = 'y = tf.argmax(x, 1, "best")\n'  # TF1: name="best"; TF2: output_type="best"


@pytest.mark.parametrize(
    "header",
    [
        "import tensorflow.compat.v1 as tf\n",
        "import tensorflow as tf\nx_in = tf.placeholder(tf.float32)\n",
        "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()\n",
        "import tensorflow as tf\nfrom tensorflow.contrib import layers\n",
        "import tensorflow as tf\nlog_x = tf.log(x)\n",
    ],
    ids=["compat-v1-as-tf", "tf1-only-name", "behaviour-switch", "contrib", "renamed-name"],
)
def test_evidence_makes_a_module_tf1_code(header):
    found = [d for d in lint(header + REORDERED, ["TF103"])]
    assert [d.line for d in found] == [header.count("\n") + 1]


@pytest.mark.parametrize(
    "header",
    [
        "import tensorflow as tf\n",
        "import tensorflow as tf\nsess = tf.compat.v1.Session()\n",
        "import tensorflow as tf\nimport tensorflow.compat.v1 as tf1\nsess = tf1.Session()\n",
        "import tensorflow as tf\ntf.layers = tf.keras.layers\n",
        "import tensorflow as tf\nspec = tf.estimator.EstimatorSpec\n",
    ],
    ids=["plain", "explicit-compat-v1", "compat-v1-as-tf1", "assigned-tf1-name", "estimator"],
)
def test_tf2_code_is_never_judged_by_tf1_signatures(header):
    assert lint(header + REORDERED, ["TF103", "TF107"]) == []


# --- scopes --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        "def f(tf):\n    return tf.log(2.0)\n",
        "def f():\n    tf = np\n    return tf.log(2.0)\n",
        "ys = [tf.log(x) for tf in modules]\n",
        "f = lambda tf: tf.random_normal([2])\n",
        "tf.log = np.log\n",
        "del tf.random_normal\n",
        "class Model:\n    tf = np\n    y = tf.log(2.0)\n",
    ],
    ids=["parameter", "local", "comprehension", "lambda", "assigned", "deleted", "class-body"],
)
def test_names_that_are_not_tensorflow_are_left_alone(code):
    source = "import numpy as np\nimport tensorflow as tf\n" + code
    assert lint(source, ["TF1"]) == []
    assert fixed(source, unsafe=True) == source


def test_a_method_reads_the_module_tf_not_its_class_body():
    source = "import tensorflow as tf\nclass M:\n    tf = None\n    def f(self):\n        return tf.log(2.0)\n"
    assert fixed(source).endswith("return tf.math.log(2.0)\n")


def test_fix_spells_tf2_names_through_an_alias_visible_where_the_fix_is():
    source = """
        import tensorflow as tf
        import tensorflow as tflib

        def f(tf):
            return tflib.log(tf)
        """
    assert fixed(source).endswith("return tflib.math.log(tf)\n")


# --- `from tensorflow import X` ------------------------------------------------------------------


def test_from_import_is_fixed_together_with_its_uses():
    source = """
        from tensorflow import log

        y = log(2.0) + log(3.0)
        """
    after = fixed(source)
    assert after == textwrap.dedent(
        """
        import tensorflow as tf

        y = tf.math.log(2.0) + tf.math.log(3.0)
        """
    )
    assert rules_at(after) == []


def test_from_import_keeps_its_other_names():
    source = """
        import tensorflow as tf
        from tensorflow import gfile, nn

        ok = gfile.Exists("a") and nn.relu(1.0)
        """
    assert fixed(source) == textwrap.dedent(
        """
        import tensorflow as tf
        from tensorflow import nn

        ok = tf.io.gfile.exists("a") and nn.relu(1.0)
        """
    )


def test_from_import_with_a_use_that_has_no_fix_gets_no_fix_at_all():
    source = """
        import tensorflow as tf
        from tensorflow import gfile

        ok = gfile.Exists("a")
        handle = gfile  # no table entry: cannot be rewritten
        """
    found = lint(source, ["TF1"])
    assert [d.rule for d in found] == ["TF101"]
    assert found[0].fix is None
    assert fixed(source, unsafe=True) == textwrap.dedent(source)


# --- TF103: only in TF1 code, only where the binding really changes, TF2's names ------------------


def test_reorder_in_tf1_code_writes_tf2_parameter_names():
    source = (
        "import tensorflow as tf\n"
        + TF1_EVIDENCE
        + "y = tf.nn.conv2d(x, w, s, 'SAME', True, 'NHWC')\n"
        + "m = tf.nn.moments(x, [0], None, 'stats', True)\n"
        + "t = tf.reduce_sum(x, 1, True)\n"  # same binding in TF1 and TF2: nothing to say
    )
    found = lint(source, ["TF103"])
    assert [d.line for d in found] == [3, 4]
    after = fixed(source, select=("TF103",))
    assert "tf.nn.conv2d(x, w, s, 'SAME', use_cudnn_on_gpu=True, data_format='NHWC')" in after
    assert "tf.nn.moments(x, [0], None, name='stats', keepdims=True)" in after
    assert "tf.reduce_sum(x, 1, True)" in after


def test_reorder_under_compat_v1_uses_names_tf1s_function_takes_too():
    source = "import tensorflow.compat.v1 as tf\ny = tf.nn.conv2d(x, w, s, 'SAME', True, 'NHWC')\n"
    after = fixed(source, select=("TF103",))
    assert after.endswith(
        "tf.nn.conv2d(x, w, s, 'SAME', use_cudnn_on_gpu=True, data_format='NHWC')\n"
    )


def test_reorder_of_a_renamed_function_uses_the_new_functions_signature():
    # tf.multinomial(logits, num_samples, seed) is tf.random.categorical(logits, num_samples, dtype)
    source = "import tensorflow as tf\ny = tf.multinomial(logits, 5, 42)\n"
    assert fixed(source, select=("TF103",)).endswith("tf.multinomial(logits, 5, seed=42)\n")
    (rename,) = lint(source, ["TF101"])
    assert rename.fix.applicability == "unsafe"  # seed/dtype: not the same positional parameters


def test_a_call_passing_a_tf2_only_keyword_is_tf2_code_even_in_tf1_modules():
    source = "import tensorflow as tf\n" + TF1_EVIDENCE + "tf.summary.scalar('loss', x, step=1)\n"
    assert [d.rule for d in lint(source, ["TF1"])] == ["TF104"]


# --- TF102 ---------------------------------------------------------------------------------------


def test_keywords_tf2_rejects_are_reported_everywhere_with_fixes():
    source = """
        import tensorflow as tf
        a = tf.argmax(x, dimension=1)
        b = tf.reduce_sum(x, keep_dims=True)
        c = tf.nn.dropout(x, keep_prob=p + 0.1)
        """
    assert fixed(source) == textwrap.dedent(
        """
        import tensorflow as tf
        a = tf.argmax(x, axis=1)
        b = tf.reduce_sum(x, keepdims=True)
        c = tf.nn.dropout(x, rate=1 - (p + 0.1))
        """
    )


def test_positional_keep_prob_is_tf1_only():
    tf2 = "import tensorflow as tf\nd = tf.nn.dropout(x, 0.9)\n"
    assert lint(tf2, ["TF1"]) == []
    tf1 = "import tensorflow as tf\n" + TF1_EVIDENCE + "d = tf.nn.dropout(x, 0.9)\n"
    assert fixed(tf1, select=("TF102",)).endswith("tf.nn.dropout(x, rate=1 - 0.9)\n")


def test_keyword_rename_without_a_valid_target_has_no_fix():
    # tf_upgrade_v2 "renames" verify_shape to a keyword TF2 does not take either
    (d,) = lint("import tensorflow as tf\nc = tf.constant(1, verify_shape=True)\n", ["TF102"])
    assert d.fix is None


def test_method_name_guesses_only_in_tf1_code():
    call = "opt.minimize(loss, colocate_gradients_with_ops=True)\n"
    assert lint("import tensorflow as tf\n" + call, ["TF1"]) == []
    source = "import tensorflow as tf\n" + TF1_EVIDENCE + call
    (d,) = lint(source, ["TF102"])
    assert d.fix.applicability == "unsafe"
    assert fixed(source, select=("TF102",), unsafe=True).endswith("opt.minimize(loss)\n")


# --- TF101, TF104 --------------------------------------------------------------------------------


def test_safe_renames():
    source = """
        import tensorflow as tf

        def stats(path, x):
            if tf.gfile.Exists(path):  # keep this comment
                x = tf.log(x) + tf.random_normal(tf.shape(x))
            return tf.to_float(x), tf.to_int64(x, "ids")
        """
    assert fixed(source) == textwrap.dedent(
        """
        import tensorflow as tf

        def stats(path, x):
            if tf.io.gfile.exists(path):  # keep this comment
                x = tf.math.log(x) + tf.random.normal(tf.shape(x))
            return tf.cast(x, tf.float32), tf.cast(x, tf.int64, name="ids")
        """
    )


def test_cast_fix_reuses_a_compat_v1_alias():
    source = "import tensorflow.compat.v1 as tf\ny = tf.to_float(x)\n"
    assert fixed(source) == "import tensorflow.compat.v1 as tf\ny = tf.cast(x, tf.float32)\n"


def test_cast_function_reference_gets_the_shim_once():
    source = "import tensorflow as tf\ncast_fn = tf.to_float\n"
    (d,) = lint(source, ["TF1"])
    assert d.rule == "TF101" and "tf.cast" in d.message and d.fix.applicability == "unsafe"
    assert (
        fixed(source, unsafe=True) == "import tensorflow as tf\ncast_fn = tf.compat.v1.to_float\n"
    )
    (again,) = lint("import tensorflow as tf\ncast_fn = tf.compat.v1.to_float\n", ["TF1"])
    assert again.rule == "TF106" and again.fix is None  # already the shim: no further fix


def test_positional_only_rename_is_safe_only_for_positional_calls():
    (d,) = lint("import tensorflow as tf\ntf.gfile.Exists(filename='a')\n", ["TF101"])
    assert d.fix.applicability == "unsafe"
    (d,) = lint("import tensorflow as tf\ntf.gfile.Exists('a')\n", ["TF101"])
    assert d.fix.applicability == "safe"


def test_tf1_only_names_get_the_shim_and_the_tf2_idiom():
    source = """
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()
        it = dataset.make_one_shot_iterator()
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
        """
    found = [d for d in lint(source, ["TF1"]) if d.rule == "TF104"]
    assert len(found) == 3
    assert "tf.function" in found[1].message  # names the TF2 idiom
    assert fixed(source) == textwrap.dedent(source)  # nothing safe
    assert fixed(source, unsafe=True) == textwrap.dedent(
        """
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()
        it = tf.compat.v1.data.make_one_shot_iterator(dataset)
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
        """
    )


def test_names_tf2_still_has_are_not_tf104_but_tf107_in_tf1_code():
    calls = "i = tf.constant_initializer(0.0)\nz = tf.zeros_initializer()\n"
    assert lint("import tensorflow as tf\n" + calls, ["TF1"]) == []
    found = lint("import tensorflow as tf\n" + TF1_EVIDENCE + calls, ["TF1"])
    assert [(d.rule, d.line) for d in found] == [("TF104", 2), ("TF107", 3), ("TF107", 4)]
    assert all(d.fix is None for d in found[1:])


def test_assigning_a_tf1_name_installs_it():
    source = "import tensorflow as tf\ntf.layers = tf.keras.layers\ny = tf.layers.Dense(3)\n"
    assert lint(source, ["TF1"]) == []


# --- TF106: the compat.v1 import -----------------------------------------------------------------

V1_MODULE = """
    import tensorflow.compat.v1 as tf

    def build(x):
        with tf.variable_scope("m"):
            w = tf.get_variable("w", [3])
        picked = tf.where(x > 0, x, w)
        return tf.nn.relu(tf.log(picked)), tf
    """


def test_compat_v1_import_upgrade_keeps_every_use_that_differs_in_tf2():
    (d,) = [d for d in lint(V1_MODULE, ["TF106"]) if d.fix]
    assert d.line == 2 and "5 uses" in d.fix.description
    # One round of the import fix alone: the meaning is kept use by use.
    result = lint_module(textwrap.dedent(V1_MODULE), "t.py", [tf1_api.CompatV1Usage])
    upgraded = apply(result.module, [d.fix for d in result.diagnostics if d.fix])
    assert upgraded == textwrap.dedent(
        """
        import tensorflow as tf

        def build(x):
            with tf.compat.v1.variable_scope("m"):
                w = tf.compat.v1.get_variable("w", [3])
            picked = tf.compat.v1.where(x > 0, x, w)
            return tf.nn.relu(tf.compat.v1.log(picked)), tf.compat.v1
        """
    )
    # The rename rules then move what TF2 has under a new name on.
    assert "tf.nn.relu(tf.math.log(picked))" in fixed(V1_MODULE, unsafe=True)


@pytest.mark.parametrize(
    "extra",
    ["tf = None\n", "tf.some_flag = True\n"],
    ids=["rebound", "attribute-set"],
)
def test_compat_v1_import_upgrade_is_not_offered_when_tf_is_ambiguous(extra):
    found = lint(textwrap.dedent(V1_MODULE) + extra, ["TF106"])
    assert [d.line for d in found] == [2] and found[0].fix is None


def test_compat_v1_alias_in_tf2_code_is_explicit_tf1_api():
    source = "import tensorflow as tf\nimport tensorflow.compat.v1 as tf1\ny = tf1.where(c, a, b)\n"
    found = lint(source, ["TF1"])
    assert [(d.rule, d.line) for d in found] == [("TF106", 2), ("TF106", 3)]
    assert "`tf1.where`" in found[1].message
    assert "as tf1` brings TF1 API into TensorFlow 2 code" in found[0].message


def test_disable_v2_behavior():
    found = lint("import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n", ["TF106"])
    assert [d.line for d in found] == [1, 2]
    assert "TF1 behaviour" in found[1].message


# --- TF105, TF107 --------------------------------------------------------------------------------


def test_contrib_imported_from_tensorflow_resolves():
    source = """
        import tensorflow as tf
        from tensorflow.contrib import layers as contrib_layers
        init = contrib_layers.xavier_initializer()
        """
    found = lint(source, ["TF1"])
    # the removed module is reported once, at its import: its uses are the same fault
    assert [(d.rule, d.line) for d in found] == [("TF105", 3)]
    assert "tensorflow.contrib" in found[0].message


def test_a_removed_or_tf1_only_module_is_reported_once():
    source = """
        import tensorflow as tf
        import tensorflow.contrib.slim as slim
        tf.app.flags.DEFINE_integer("batch_size", 32, "batch size")
        FLAGS = tf.app.flags.FLAGS
        net = slim.conv2d(slim.flatten(x), 32, [3, 3])
        model = tf.contrib.learn.Estimator(model_fn)
        other = tf.contrib.learn.Experiment(model)
        """
    found = lint(source, ["TF1"])
    assert [(d.rule, d.line) for d in found] == [("TF105", 3), ("TF104", 4), ("TF105", 7)]


def test_a_module_that_turns_eager_off_is_told_once_with_preview():
    source = """
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()
        x = tf.compat.v1.placeholder(tf.float32, [None, 3])
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
        """
    (told,) = lint(source, ["TF106"])
    assert told.line == 3 and told.preview and told.fix is None


def test_compat_v1_layers_need_tf_keras_even_with_eager_off():
    source = """
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()
        y = tf.compat.v1.layers.dense(x, 3)
        """
    (d,) = [d for d in lint(source, ["TF106"]) if not d.preview]
    assert d.line == 4 and "tf-keras" in d.message
    legacy = 'import os\nos.environ["TF_USE_LEGACY_KERAS"] = "1"\n' + textwrap.dedent(source)
    assert [d for d in lint(legacy, ["TF106"]) if not d.preview] == []


def test_an_import_of_a_module_tensorflow_2_lacks_is_a_removed_module():
    # the modules are generated from TF 2.21 (tf_knowledge.json: tensorflow_modules)
    source = """
        from tensorflow.examples.tutorials.mnist import input_data
        import tensorflow.examples.tutorials.mnist.input_data as reader
        from tensorflow import examples
        from tensorflow import nn, keras, io
        import tensorflow.io.gfile
        from tensorflow.python.keras import layers
        from tensorflow.keras.layers import Dense
        import tensorflow.lite.python.interpreter
        try:
            from tensorflow.examples.tutorials.mnist import input_data
        except ImportError:
            input_data = None
        try:
            import tensorflow.examples.tutorials.mnist
        except (ModuleNotFoundError, ValueError):
            pass
        """
    found = lint(source, ["TF105"])
    assert [d.line for d in found] == [2, 3, 4]
    assert (
        "`tensorflow.examples.tutorials.mnist` is not a module of TensorFlow 2" in found[0].message
    )


def test_keras_save_only_on_known_models_in_tf1_code():
    source = """
        import tensorflow.compat.v1 as tf
        model = tf.keras.Sequential([])
        model.save("m")
        saver.save(sess, "ckpt")
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF107"])] == [("TF107", 4)]
    tf2 = source.replace("import tensorflow.compat.v1 as tf", "import tensorflow as tf")
    assert lint(tf2, ["TF107"]) == []


def test_only_the_outermost_chain_is_reported():
    found = lint("import tensorflow as tf\ntf.logging.info('x')\n", ["TF1"])
    assert [(d.rule, d.column) for d in found] == [("TF104", 1)]


def test_module_without_tensorflow_costs_nothing():
    assert lint("import numpy as tf\nsess = tf.Session()\n", ["TF1"]) == []


# --- one finding per node, and messages of our own ------------------------------------------------

TF1_SAMPLES = [
    *(FIXTURES / f"TF10{i}" / "bad.py" for i in range(1, 8)),
    ROOT / "tests" / "data" / "tf1_module.py",
]


@pytest.mark.parametrize("path", TF1_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_one_finding_per_node(path):
    found = lint_module(path.read_text(), str(path), TF1_RULES).diagnostics
    spans = [(d.line, d.column, d.end_line, d.end_column) for d in found]
    assert len(spans) == len(set(spans)), [(d.rule, d.line, d.column) for d in found]


@pytest.mark.parametrize("path", TF1_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_messages_are_one_sentence_of_our_own(path):
    data = tf1_api.migration()
    notes = [text for _, text in data.warnings.values()]
    notes += [text for _, text in data.module_deprecations.values()]
    notes += [e[3] for entries in data.arg_warnings.values() for e in entries]
    # Any 30 characters in a row of tf_upgrade_v2's notes
    quoted = re.compile(
        "|".join(re.escape(n[i : i + 30]) for n in notes for i in range(0, max(1, len(n) - 30), 15))
    )
    found = lint_module(path.read_text(), str(path), TF1_RULES).diagnostics
    assert found
    for d in found:
        assert "\n" not in d.message and not quoted.search(d.message), d.message
        assert not re.search(r"[.!?] +[A-Z]", d.message), f"more than one sentence: {d.message}"


def test_explain_lists_tf_upgrade_v2s_notes_per_api():
    text = tf1_api.FunctionWarning.rationale
    assert "Notes of `tf_upgrade_v2`" in text
    assert "- `tf.nn.conv2d(use_cudnn_on_gpu=)`: use_cudnn_on_gpu has been removed" in text
    assert "`tf.contrib`" in tf1_api.DeprecatedModule.rationale
    assert "Notes of" not in tf1_api.ArgumentReorder.rationale


# --- data ---------------------------------------------------------------------------------------


def test_data_loads_without_tensorflow():
    code = (
        "import sys\n"
        "from tf2lint.rules import tf1_api\n"
        "m = tf1_api.migration()\n"
        "m.means_the_same_in_v2('tf.nn.relu')\n"
        "assert 'tensorflow' not in sys.modules, 'TensorFlow was imported'\n"
        "print(len(m.renames), m.version)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, version = out.stdout.split()
    assert int(count) > 1000 and version.count(".") == 2


def test_committed_data_matches_installed_tensorflow():
    pytest.importorskip("tensorflow.tools.compatibility.tf_upgrade_v2")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import generate_migration_data
    finally:
        sys.path.pop(0)
    committed = json.loads((ROOT / "linter" / "data" / "tf1_migration.json").read_text())
    assert generate_migration_data.build() == committed, (
        "linter/data/tf1_migration.json is stale: run scripts/generate_migration_data.py"
    )


def test_signatures_are_tensorflows_own():
    tf = pytest.importorskip("tensorflow")
    import inspect

    data = tf1_api.migration()
    assert data.signature("tf.argmax", "v2").args == tuple(inspect.signature(tf.argmax).parameters)
    assert data.signature("tf.argmax", "v1").args == tuple(
        inspect.signature(tf.compat.v1.argmax).parameters
    )
    # a renamed function: TF2's signature is the new name's
    new = data.signature("tf.multinomial", "v2").args
    assert new == tuple(inspect.signature(tf.random.categorical).parameters)


def test_same_in_v2_says_which_names_keep_their_meaning():
    data = tf1_api.migration()
    assert data.means_the_same_in_v2("tf.nn.relu")
    assert data.means_the_same_in_v2("tf.keras.layers.Dense")  # a module the same object
    assert data.means_the_same_in_v2("tf.float32.as_numpy_dtype")  # inside a same object
    for differs in ("tf.where", "tf.cond", "tf.Session", "tf.nn", "tf", "tf.constant"):
        assert not data.means_the_same_in_v2(differs), differs


def test_data_counts_match_tf_upgrade_v2_tables():
    data = tf1_api.migration()
    assert len(data.reorders) >= 100 and len(data.keyword_renames) >= 100
    assert "tf.contrib" in data.module_deprecations and "tf.flags" in data.module_deprecations
    assert data.renames["tf.log"] == "tf.math.log"
    assert data.rename_safety["tf.multinomial"] == "different"


def test_a_module_alias_of_a_tf1_name_is_reported_once_where_it_is_made():
    source = "import tensorflow as tf\nFLAGS = tf.flags.FLAGS\nsize = FLAGS.size + FLAGS.other\n"
    assert rules_at(source) == [("TF105", 2)]


def test_graph_mode_shims_are_offered_only_where_eager_execution_is_off():
    eager = "import tensorflow as tf\nx = tf.placeholder(tf.float32, [None])\n"
    graph = (
        "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
        "x = tf.placeholder(tf.float32, [None])\n"
    )
    (found,) = lint(eager, ["TF104"])
    assert found.fix is None  # tf.compat.v1.placeholder still fails under eager TF2
    (found,) = lint(graph, ["TF104"])
    assert found.fix.applicability == "unsafe"


def test_unreachable_tf1_code_does_not_make_a_module_tf1_code():
    # TF1 calls after `raise NotImplementedError` never run: the module is TF2 code, and its
    # TF2 calls are not TF1 behaviour changes
    source = """\
        import tensorflow as tf


        class Exporter:
            def export_v1(self, path):
                raise NotImplementedError("the TF1 export is gone; use tf.saved_model.save")
                with tf.Session() as sess:
                    tf.saved_model.simple_save(sess, path, {}, {})


        def check_shapes(x, y):
            tf.assert_equal(tf.shape(x), tf.shape(y))
            return tf.constant_initializer(0.5)
        """
    assert rule_ids(source) == []
    # reachable, the same TF1 calls make it TF1 code
    assert "TF107" in rule_ids(source.replace("raise NotImplementedError", "print"))


@pytest.mark.parametrize(
    "source",
    [
        "s = tf.distribute.MirroredStrategy()\ns.experimental_run_v2(f, args=(x,))\n",
        "s = tf.distribute.get_strategy()\ns.experimental_run_v2(f)\n",
        "class R:\n    def __init__(self):\n        self.s = tf.distribute.OneDeviceStrategy('/cpu:0')\n"
        "    def step(self, x):\n        return self.s.experimental_run_v2(f, args=(x,))\n",
    ],
)
def test_removed_distribute_method_is_renamed_to_what_it_forwarded_to(source):
    head = "import tensorflow as tf\n"
    (found,) = lint(head + source, ["TF108"])
    assert found.fix.applicability == "safe"
    fixed = source.replace("experimental_run_v2", "run")
    assert lint(head + fixed, ["TF108"]) == []


@pytest.mark.parametrize(
    "source",
    [
        "def step(strategy, x):\n    return strategy.experimental_run_v2(f, args=(x,))\n",  # unknown
        "class S:\n    def experimental_run_v2(self, f):\n        return f()\nS().experimental_run_v2(g)\n",
    ],
)
def test_removed_distribute_method_needs_a_strategy_receiver(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF108"]) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "ds = tf.data.Dataset.range(3)\nds = ds.batch(2)\nit = ds.make_one_shot_iterator()\n",
            ["TF109"],
        ),
        ("shapes = tf.data.TFRecordDataset(files).map(f).output_shapes\n", ["TF109"]),
        # TF1's datasets have them; an unknown receiver; TF2's spelling
        (
            "import tensorflow.compat.v1 as tf1\nit = tf1.data.Dataset.range(3).make_one_shot_iterator()\n",
            [],
        ),
        ("def f(dataset):\n    return dataset.make_one_shot_iterator()\n", []),
        ("spec = tf.data.Dataset.range(3).element_spec\n", []),
    ],
)
def test_removed_dataset_member(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF109"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("y = tf.keras.layers.conv2d(x, 8, 3)\n", "y = tf.keras.layers.Conv2D(8, 3)(x)\n"),
        (
            "y = tf.keras.layers.batch_normalization(inputs=x, momentum=0.9, training=t)\n",
            "y = tf.keras.layers.BatchNormalization(momentum=0.9)(x, training=t)\n",
        ),
        (
            "from tensorflow.keras import layers\ny = layers.dense(x, units=4)\n",
            "from tensorflow.keras import layers\ny = layers.Dense(units=4)(x)\n",
        ),
    ],
)
def test_functional_layer_under_keras_is_built_and_called(source, expected):
    header = "import tensorflow as tf\n"
    assert rule_ids(header + source, ["TF110"]) == ["TF110"]
    assert fixed(header + source, select=("TF110",), unsafe=True) == header + expected


@pytest.mark.parametrize(
    "source",
    [
        "y = tf.keras.layers.Conv2D(8, 3)(x)\n",  # the class
        "y = tf.compat.v1.layers.conv2d(x, 8, 3)\n",  # TF1's own (other rules)
        "y = my.layers.conv2d(x, 8, 3)\n",  # not Keras
    ],
)
def test_functional_layer_under_keras_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF110"]) == []


# --- TF111 ---------------------------------------------------------------------------------------


def test_a_session_run_of_an_eager_value_is_reported_only_while_eager_execution_is_on():
    source = """
        import tensorflow as tf

        weights = tf.Variable(tf.zeros([3]))
        init = tf.compat.v1.global_variables_initializer()
        with tf.compat.v1.Session() as sess:
            sess.run(init)
            print(sess.run([weights]))
        other = tf.compat.v1.Session(graph=tf.compat.v1.get_default_graph())
        other.run(weights)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF111"])] == [("TF111", 7), ("TF111", 8)]
    # a module that turns eager execution off, or builds its own graph, runs sessions as TF1 did
    for line in ("tf.compat.v1.disable_eager_execution()", "graph = tf.Graph()"):
        switched = source.replace("tf\n", f"tf\n        {line}\n", 1)
        assert lint(switched, ["TF111"]) == []


SYMBOLIC_GRADIENTS = """
import tensorflow as tf
from tensorflow.keras import backend as K

x = tf.constant(1.0)


@tf.function
def traced(v):
    return tf.gradients(v * v, v)


def helper(v):
    return tf.gradients(v * v, v)


def unused(v):
    return K.gradients(v, v)


traced(x)
helper(x)
"""


def test_symbolic_gradients_reported_where_the_code_runs_eagerly():
    """tf.gradients / K.gradients raise RuntimeError under eager execution (TF 2.21) and work
    in a tf.function; an uncalled function of a module that traces something may be traced."""
    found = lint(SYMBOLIC_GRADIENTS, select=["TF113"])
    assert [d.line for d in found] == [14]


@pytest.mark.parametrize(
    "source",
    [
        "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n"
        "x = tf.compat.v1.placeholder(tf.float32)\ng = tf.gradients(x * x, x)\n",
        "import tensorflow as tf\nwith tf.Graph().as_default():\n"
        "    x = tf.constant(1.0)\n    g = tf.gradients(x * x, x)\n",
        "import tensorflow as tf\nclass Step(tf.keras.layers.Layer):\n"
        "    def call(self, v):\n        return tf.gradients(v, v)\n",
    ],
)
def test_symbolic_gradients_in_graph_code_not_reported(source):
    assert rule_ids(source, ["TF113"]) == []


def test_keras_backend_gradients_at_module_level_is_reported():
    source = (
        "import tensorflow as tf\nfrom tensorflow.keras import backend as K\n"
        "v = K.variable(1.0)\ng = K.gradients(K.sum(v * v), v)\n"
    )
    assert rule_ids(source, ["TF113"]) == ["TF113"]

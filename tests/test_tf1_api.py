"""TF101-TF107: TF1 API in TensorFlow 2 code, from tf_upgrade_v2's tables."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, lint
from tf2lint.engine import lint_module
from tf2lint.fixes import apply, choose_fixes
from tf2lint.plugins import all_rules
from tf2lint.rules import tf1_api


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


# --- alias resolution ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "import tensorflow.compat.v1 as tf\nsess = tf.Session()\n",
        "import tensorflow as tf\nsess = tf.compat.v1.Session()\n",
        "import tensorflow as tensorflow_lib\nsess = tensorflow_lib.Session()\n",
        "import tensorflow\nsess = tensorflow.Session()\n",
        "from tensorflow.compat import v1\nsess = v1.Session()\n",
        "from tensorflow import train\nsaver = train.Saver()\n",
    ],
)
def test_session_is_tf1_through_every_alias(source):
    found = [d for d in lint(source, ["TF1"]) if d.line == 2]
    assert found, source
    assert any("Session" in d.message or "Saver" in d.message for d in found)
    assert {d.rule for d in found} <= {"TF104", "TF106"}


def test_compat_v1_alias_means_tf1_and_explicit_compat_is_tf106():
    assert rules_at("import tensorflow.compat.v1 as tf\nx = tf.placeholder(tf.float32)\n") == [
        ("TF104", 2),
        ("TF106", 1),
    ]
    found = lint("import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32)\n", ["TF1"])
    assert [(d.rule, d.line) for d in found] == [("TF106", 2)]
    assert "tf.function" in found[0].message  # names the TF2 idiom


def test_contrib_imported_from_tensorflow_resolves():
    source = """
        import tensorflow as tf
        from tensorflow.contrib import layers as contrib_layers
        init = contrib_layers.xavier_initializer()
        """
    found = lint(source, ["TF105"])
    assert [d.line for d in found] == [3, 4]
    assert "tf.contrib.layers.xavier_initializer" in found[1].message


def test_non_tensorflow_names_and_tf2_code_are_silent():
    source = """
        import numpy as np
        import tensorflow as tf

        class Model(tf.keras.Model):
            def call(self, x):
                return tf.math.log(tf.nn.relu(x)) + np.log(2.0)

        @tf.function
        def step(x):
            return tf.reduce_sum(x, axis=1, keepdims=True)

        log = object()
        session = log.Session()
        """
    assert lint(source, ["TF1"]) == []


def test_names_valid_in_tf2_are_reported_only_in_tf1_modules():
    tf2 = "import tensorflow as tf\nassert_op = tf.assert_equal(1, 1)\n"
    assert rules_at(tf2) == []
    tf1 = "import tensorflow as tf\nx = tf.placeholder(tf.float32)\ntf.assert_equal(x, x)\n"
    assert ("TF104", 3) in rules_at(tf1)


def test_only_the_outermost_chain_is_reported():
    found = lint("import tensorflow as tf\ntf.logging.info('x')\n", ["TF1"])
    assert [(d.rule, d.column) for d in found] == [("TF104", 1)]


def test_module_without_tensorflow_costs_nothing():
    assert lint("import numpy as tf\nsess = tf.Session()\n", ["TF1"]) == []


# --- fixes --------------------------------------------------------------------------------------


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
    assert again.fix is None  # already the shim: no further fix


def test_positional_only_rename_is_safe_only_for_positional_calls():
    (d,) = lint("import tensorflow as tf\ntf.gfile.Exists(filename='a')\n", ["TF101"])
    assert d.fix.applicability == "unsafe"
    (d,) = lint("import tensorflow as tf\ntf.gfile.Exists('a')\n", ["TF101"])
    assert d.fix.applicability == "safe"


def test_print_is_unsafe_and_names_tf_print():
    (d,) = lint("import tensorflow as tf\ny = tf.Print(x, [x])\n", ["TF1"])
    assert d.rule == "TF104" and d.fix.applicability == "unsafe" and "tf.print" in d.message
    assert fixed("import tensorflow as tf\ny = tf.Print(x, [x])\n") == (
        "import tensorflow as tf\ny = tf.Print(x, [x])\n"
    )
    assert fixed("import tensorflow as tf\ny = tf.Print(x, [x])\n", unsafe=True) == (
        "import tensorflow as tf\ny = tf.compat.v1.Print(x, [x])\n"
    )


def test_keyword_renames_and_dropout():
    source = """
        import tensorflow as tf
        a = tf.argmax(x, dimension=1)
        b = tf.reduce_sum(x, keep_dims=True)
        c = tf.nn.dropout(x, keep_prob=p + 0.1)
        d = tf.nn.dropout(x, 0.9)
        """
    assert fixed(source) == textwrap.dedent(
        """
        import tensorflow as tf
        a = tf.argmax(x, axis=1)
        b = tf.reduce_sum(x, keepdims=True)
        c = tf.nn.dropout(x, rate=1 - (p + 0.1))
        d = tf.nn.dropout(x, rate=1 - 0.9)
        """
    )


def test_removed_keyword_is_unsafe():
    source = "import tensorflow as tf\nopt.minimize(loss, colocate_gradients_with_ops=True)\n"
    (d,) = lint(source, ["TF102"])
    assert d.fix.applicability == "unsafe"
    assert fixed(source, unsafe=True) == "import tensorflow as tf\nopt.minimize(loss)\n"


def test_reorder_rewrites_positional_to_keyword_where_binding_changes():
    source = "import tensorflow as tf\ny = tf.nn.conv2d(x, w, s, 'SAME', True, 'NHWC')\n"
    # safe: keywords (then TF102 renames filter= to filters=); use_cudnn_on_gpu= stays
    assert fixed(source) == (
        "import tensorflow as tf\ny = tf.nn.conv2d(x, filters=w, strides=s, padding='SAME', "
        "use_cudnn_on_gpu=True, data_format='NHWC')\n"
    )
    # unsafe: TF2 has no use_cudnn_on_gpu, it is removed
    assert fixed(source, unsafe=True) == (
        "import tensorflow as tf\n"
        "y = tf.nn.conv2d(x, filters=w, strides=s, padding='SAME', data_format='NHWC')\n"
    )
    # the same position binds the same parameter in TF2: nothing to say in TF2 code
    assert (
        rules_at("import tensorflow as tf\ny = tf.nn.conv2d(x, w, strides=1, padding='SAME')\n")
        == []
    )


def test_compat_fix_and_iterator():
    source = """
        import tensorflow as tf
        it = dataset.make_one_shot_iterator()
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
        """
    assert fixed(source) == textwrap.dedent(source)  # nothing safe
    assert fixed(source, unsafe=True) == textwrap.dedent(
        """
        import tensorflow as tf
        it = tf.compat.v1.data.make_one_shot_iterator(dataset)
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
        """
    )


def test_compat_v1_import_upgrade_then_shims():
    source = """
        import tensorflow.compat.v1 as tf

        def build(x):
            with tf.variable_scope("m"):
                w = tf.get_variable("w", [3])
            return tf.log(x) * w
        """
    assert fixed(source, unsafe=True) == textwrap.dedent(
        """
        import tensorflow as tf

        def build(x):
            with tf.compat.v1.variable_scope("m"):
                w = tf.compat.v1.get_variable("w", [3])
            return tf.math.log(x) * w
        """
    )
    # tf.contrib has no TF2 spelling: the module keeps its compat.v1 import
    blocked = source + "y = tf.contrib.layers.flatten(x)\n"
    assert fixed(blocked, unsafe=True).startswith("\nimport tensorflow.compat.v1 as tf\n")


def test_fix_adds_the_import_when_the_module_has_no_tf_alias():
    source = '''
        """Doc."""
        from __future__ import print_function
        from tensorflow import gfile

        ok = gfile.Exists("a")
        '''
    assert fixed(source) == textwrap.dedent(
        '''
        """Doc."""
        from __future__ import print_function
        import tensorflow as tf
        from tensorflow import gfile

        ok = tf.io.gfile.exists("a")
        '''
    )


def test_disable_v2_behavior():
    found = lint("import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n", ["TF106"])
    found.sort(key=lambda d: d.line)
    assert [d.line for d in found] == [1, 2]
    assert "TF1 behaviour" in found[1].message


def test_keras_save_only_on_known_models_in_tf1_code():
    source = """
        import tensorflow.compat.v1 as tf
        model = tf.keras.Sequential([])
        model.save("m")
        saver.save(sess, "ckpt")
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF107"])] == [("TF107", 4)]
    # TF2 code saving a Keras model has nothing to migrate
    tf2 = source.replace("import tensorflow.compat.v1 as tf", "import tensorflow as tf")
    assert lint(tf2, ["TF107"]) == []


# --- data ---------------------------------------------------------------------------------------


def test_data_loads_without_tensorflow():
    code = (
        "import sys\n"
        "from tf2lint.rules import tf1_api\n"
        "m = tf1_api.migration()\n"
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
    committed = json.loads((ROOT / "rules" / "data" / "tf1_migration.json").read_text())
    assert generate_migration_data.build() == committed, (
        "rules/data/tf1_migration.json is stale: run scripts/generate_migration_data.py"
    )


def test_data_counts_match_tf_upgrade_v2_tables():
    data = tf1_api.migration()
    assert len(data.reorders) >= 100 and len(data.keyword_renames) >= 100
    assert "tf.contrib" in data.module_deprecations and "tf.flags" in data.module_deprecations
    assert data.renames["tf.log"] == "tf.math.log"


def test_explicit_compat_v1_does_not_make_tf2_names_tf1():
    # TF-Agents style: TF2 code that spells a few TF1 calls out as tf.compat.v1.
    source = """
import tensorflow as tf

def make(units):
    tf.compat.v1.set_random_seed(1)
    return tf.keras.layers.Dense(units, kernel_initializer=tf.constant_initializer(2.0))
"""
    found = [d for d in lint(source, ["TF1"])]
    assert [d.rule for d in found] == ["TF106"]

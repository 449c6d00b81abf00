"""TF401: variables and stateful Keras objects created inside traced code."""

from __future__ import annotations

import pytest

from conftest import lint, rule_ids


@pytest.mark.parametrize(
    "body",
    [
        "v = tf.Variable(1.0)",
        "layer = tf.keras.layers.Dense(3)",
        "model = tf.keras.Sequential([])",
        "opt = tf.keras.optimizers.Adam()",
        "m = tf.keras.metrics.Mean()",
        "w = tf.keras.backend.variable([1.0, 2.0])",  # a Keras backend variable (the KB's)
        "z = tf.keras.backend.zeros((2, 2))",
    ],
)
def test_stateful_object_in_traced_code(body):
    source = f"import tensorflow as tf\n@tf.function\ndef f(x):\n    {body}\n    return x\n"
    assert rule_ids(source, ["TF4"]) == ["TF401"]


@pytest.mark.parametrize(
    "source",
    [
        "@tf.function\ndef f(x):\n    return tf.keras.layers.Flatten()(x)\n",
        # Keras 2's Dropout owns no variable (Keras 3's does: tests/test_keras3.py)
        "import tf_keras\n@tf.function\ndef f(x):\n    return tf_keras.layers.Dropout(0.1)(x)\n",
        "v = tf.Variable(1.0)\n@tf.function\ndef f(x):\n    return x * v\n",
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        if self.v is None:\n            self.v = tf.Variable(x)\n        return self.v\n",
        "class L(tf.keras.layers.Layer):\n    def build(self, shape):\n        self.dense = tf.keras.layers.Dense(3)\n",
        "@tf.function\ndef f(x):\n    with tf.init_scope():\n        v = tf.Variable(1.0)\n    return x\n",
        "@tf.function\ndef f(x):\n    sched = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)\n",
    ],
)
def test_no_variable_creation_finding(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF4"]) == []


def test_builder_called_behind_a_one_time_guard_is_not_reported():
    source = """
import tensorflow as tf

class Attention(tf.keras.layers.Layer):
    def _build_from_signature(self, query):
        self._built_from_signature = True
        self._dense = tf.keras.layers.Dense(4)

    def call(self, query):
        if not self._built_from_signature:
            self._build_from_signature(query)
        return self._dense(query)

    def rebuild(self, query):
        self._other = tf.keras.layers.Dense(4)
"""
    assert rule_ids(source) == []
    unguarded = source.replace(
        "        if not self._built_from_signature:\n            self._build_from_signature(query)",
        "        self._build_from_signature(query)",
    )
    assert rule_ids(unguarded) == ["TF202", "TF401"]


def test_a_keras_backend_variable_in_a_compiled_loss_is_created_each_trace():
    source = (
        "import tensorflow as tf\nfrom tensorflow.keras import backend as K\n\n\n"
        "def weighted(y_true, y_pred):\n"
        "    w = K.variable([1.0, 2.0])\n"
        "    return K.mean(y_true * y_pred * w)\n\n\n"
        "def plain(y_true, y_pred):\n"
        "    return K.mean(y_true - K.zeros_like(y_pred))  # a tensor, not a variable\n\n\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(2)])\n"
        "model.compile(loss=weighted, metrics=[plain])\n"
    )
    assert rule_ids(source, ["TF4"]) == ["TF401"]


def test_the_guarded_singleton_creates_its_variable_once():
    # `x = make() if x is None else x`: created on the first trace only, then kept
    source = """
        import tensorflow as tf

        class Counter(tf.Module):
            def __init__(self):
                self.v = None

            @tf.function
            def __call__(self):
                self.v = tf.Variable(0) if self.v is None else self.v
                return self.v.assign_add(1)

        counter = Counter()
        counter()
        print(counter.v)
    """
    assert [d.rule for d in lint(source)] == []
    # made on every trace without the test
    unguarded = source.replace(" if self.v is None else self.v", "")
    assert "TF401" in [d.rule for d in lint(unguarded, ["TF401"])]


def test_a_metric_object_built_in_a_compiled_metric_function_is_created_each_trace():
    # `tf.metrics` is Keras's metrics module under TensorFlow's name: under TF 2.21, fit raises
    # "tf.function only supports singleton tf.Variables created on the first call"
    source = (
        "import tensorflow as tf\n\n\n"
        "def accuracy(y_true, y_pred):\n"
        "    metric = tf.metrics.SparseCategoricalAccuracy()\n"
        "    metric.update_state(y_true, y_pred)\n"
        "    return metric.result()\n\n\n"
        "def top_score(y_true, y_pred):\n"
        "    return tf.metrics.sparse_categorical_accuracy(y_true, y_pred)  # a function\n\n\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(3)])\n"
        "model.compile(loss='mse', metrics=[accuracy, top_score])\n"
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF4"])] == [("TF401", 5)]

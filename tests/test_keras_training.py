"""TF921 and TF710: Keras training set up in a way that silently does something else
(rules/keras_training.py)."""

from __future__ import annotations

import textwrap

import pytest

from tf2lint.engine import lint_module
from tf2lint.plugins import all_rules
from tf2lint.rules import keras_training

RULES = [r for r in all_rules() if r.__module__ == keras_training.__name__]
FINE_TUNING = """
import numpy as np
import tensorflow as tf

base = tf.keras.layers.Dense(4)
model = tf.keras.Sequential([tf.keras.Input((4,)), base, tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 4)), np.zeros((8, 1)), verbose=0)
{change}
model.fit(np.ones((8, 4)), np.zeros((8, 1)), verbose=0)
"""


def found(source: str, preview: bool = False) -> list[tuple[str, int]]:
    result = lint_module(textwrap.dedent(source), "train.py", RULES)
    return [(d.rule, d.line) for d in result.diagnostics if preview or not d.preview]


@pytest.mark.parametrize(
    "change",
    [
        "base.trainable = False",
        "model.trainable = False",
        "model.layers[0].trainable = False",
        "model.get_layer('dense').trainable = False",
        "for layer in model.layers[:1]:\n    layer.trainable = False",
    ],
)
def test_trainable_changed_after_training_without_compile_is_found(change):
    source = FINE_TUNING.format(change=change)
    line = source.splitlines().index(change.splitlines()[-1]) + 1
    assert found(source) == [("TF921", line)]


@pytest.mark.parametrize(
    "change",
    [
        # compiled again after the change
        "base.trainable = False\nmodel.compile(optimizer='sgd', loss='mse')",
        # a flag that is not a literal
        "base.trainable = freeze",
        # another object's flag
        "other.trainable = False",
    ],
)
def test_trainable_changes_keras_sees_are_left_alone(change):
    assert found(FINE_TUNING.format(change=change)) == []


def test_freezing_a_discriminator_for_the_combined_model_compiled_after_is_left_alone():
    source = """
    import tf_keras as keras

    generator = keras.Sequential([keras.Input((2,)), keras.layers.Dense(4)])
    discriminator = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    discriminator.compile(optimizer="adam", loss="binary_crossentropy")
    discriminator.trainable = False
    gan = keras.Sequential([generator, discriminator])
    gan.compile(optimizer="adam", loss="binary_crossentropy")
    for step in range(3):
        discriminator.train_on_batch(images, labels)
        gan.train_on_batch(noise, targets)
    """
    assert found(source) == []


def test_keras_3_reads_the_flags_when_it_first_trains_after_compile():
    source = FINE_TUNING.replace(
        "model.fit(np.ones((8, 4)), np.zeros((8, 1)), verbose=0)\n{change}", "{change}", 1
    ).format(change="base.trainable = False")
    assert found(source) == []
    keras2 = source.replace("import tensorflow as tf", "import tf_keras\nimport tensorflow as tf")
    keras2 = keras2.replace("tf.keras.", "tf_keras.")
    assert [rule for rule, _ in found(keras2)] == ["TF921"]


RNN = """
import tensorflow as tf

inputs = tf.keras.Input(shape=({steps}, 3))
outputs = tf.keras.layers.LSTM(8, unroll=True)(inputs)
model = tf.keras.Model(inputs, outputs)
"""


@pytest.mark.parametrize(
    "source",
    [
        RNN.format(steps=64),
        RNN.format(steps="STEPS").replace(
            "import tensorflow as tf", "import tensorflow as tf\n\nSTEPS = 100"
        ),
        "import tensorflow as tf\n\nmodel = tf.keras.Sequential([tf.keras.Input((40, 3)), "
        "tf.keras.layers.GRU(4, unroll=True)])\n",
        "import tensorflow as tf\n\nlayer = tf.keras.layers.SimpleRNN(4, unroll=True, "
        "input_shape=(50, 3))\n",
    ],
)
def test_rnn_unrolled_over_a_long_sequence_is_found(source):
    assert [rule for rule, _ in found(source)] == ["TF710"]


@pytest.mark.parametrize(
    "source",
    [
        RNN.format(steps=8),
        RNN.format(steps=64).replace("unroll=True", "unroll=False"),
        RNN.format(steps=64).replace(", unroll=True", ""),
    ],
)
def test_short_or_rolled_rnns_are_left_alone(source):
    assert found(source, preview=True) == []


def test_an_unknown_length_is_only_a_preview_finding():
    source = RNN.format(steps="None")
    assert found(source) == [] and [r for r, _ in found(source, preview=True)] == ["TF710"]

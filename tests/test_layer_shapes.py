"""TF986 (layer-input-rank): the rank propagated along Keras models as a reader sees them, and
the generated table of the ranks each layer refuses and returns."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT, lint, rule_ids
from tf2lint.analysis.layer_shapes import apply_out, layer_ranks

HEAD = "import keras\nfrom keras import layers\n"


@pytest.mark.parametrize(
    "body",
    [
        # input_shape without the channel axis
        "m = keras.Sequential([layers.Conv2D(8, 3, input_shape=(28, 28)), layers.Flatten()])",
        # a second LSTM after one that returns no sequence
        "m = keras.Sequential([layers.Embedding(100, 8), layers.LSTM(8), layers.LSTM(4)])",
        # Dense keeps rank 2: no time axis for the LSTM
        "i = keras.Input(shape=(10,))\nx = layers.Dense(8)(i)\nx = layers.GRU(4)(x)",
        # pooling after flattening
        "m = keras.Sequential()\nm.add(keras.Input((8, 8, 3)))\nm.add(layers.Flatten())\n"
        "m.add(layers.MaxPooling2D())",
        # a Conv1D on a rank-2 input, through nested calls
        "i = keras.Input((16,))\ny = layers.Conv1D(4, 3)(layers.Dropout(0.1)(i))",
        # Bidirectional takes its layer's ranks
        "m = keras.Sequential([layers.Input((5, 3)), layers.Bidirectional(layers.LSTM(4)),"
        " layers.Bidirectional(layers.LSTM(4))])",
        # Reshape's target decides the rank
        "i = keras.Input((784,))\nx = layers.Reshape((28, 28))(i)\nx = layers.Conv2D(4, 3)(x)",
        # input_dim= gives rank 2
        "m = keras.Sequential([layers.Dense(8, input_dim=4), layers.SimpleRNN(4)])",
        # a layer bound to a name, then called or added
        "lstm = layers.LSTM(4)\ni = keras.Input((10,))\ny = lstm(i)",
        "conv = layers.Conv2D(4, 3, input_shape=(28, 28))\nm = keras.Sequential()\nm.add(conv)",
        # layer calls and models written inside another call or a return
        "def build():\n    i = keras.Input((16,))\n"
        "    return keras.Model(i, layers.Conv1D(4, 3)(layers.Dropout(0.1)(i)))",
        "def build():\n    return keras.Sequential([layers.Dense(8, input_dim=4), layers.LSTM(4)])",
        "x = keras.Input((10,))\nx = keras.Model(x, layers.LSTM(4)(x))",
        # GlobalAveragePooling2D drops both spatial axes
        "i = keras.Input((8, 8, 3))\nx = layers.GlobalAveragePooling2D()(i)\nx = layers.Conv2D(4, 3)(x)",
    ],
)
def test_refused_rank_is_reported(body):
    assert rule_ids(HEAD + body + "\n", ["TF986"]) == ["TF986"]


@pytest.mark.parametrize(
    "body",
    [
        "m = keras.Sequential([layers.Conv2D(8, 3, input_shape=(28, 28, 1)), layers.Flatten()])",
        "m = keras.Sequential([layers.Embedding(100, 8), layers.LSTM(8, return_sequences=True),"
        " layers.LSTM(4)])",
        "i = keras.Input(shape=(10, 3))\nx = layers.Dense(8)(i)\nx = layers.GRU(4)(x)",
        "i = keras.Input((8, 8, 3))\nx = layers.GlobalAveragePooling2D(keepdims=True)(i)\n"
        "x = layers.Conv2D(4, 1)(x)",
        "i = keras.Input((784,))\nx = layers.Reshape((28, 28, 1))(i)\nx = layers.Conv2D(4, 3)(x)",
        # the rule stops at what it cannot know
        "i = keras.Input((10,))\nx = layers.Lambda(lambda t: t[:, :, None])(i)\nx = layers.LSTM(4)(x)",
        "i = keras.Input(shape)\nx = layers.LSTM(4)(i)",
        "i = keras.Input((10,))\nx = MyLayer()(i)\nx = layers.LSTM(4)(x)",
        "i = keras.Input((10,))\nx = layers.Dense(4)(i)\nx = expand(x)\nx = layers.LSTM(4)(x)",
        "i = keras.Input((10, 3))\nx = layers.LSTM(4, return_sequences=seq)(i)\nx = layers.LSTM(4)(x)",
        "m = keras.Sequential()\nm.add(layers.Dense(8, input_dim=4))\nif deep:\n"
        "    m.add(layers.Reshape((8, 1)))\nm.add(layers.Dense(4))",
        # an Embedding's input_dim is its vocabulary, not a shape
        "m = keras.Sequential([layers.Embedding(input_dim=100, output_dim=8), layers.LSTM(4)])",
        # a named layer whose name is rebound
        "lstm = layers.LSTM(4)\nlstm = make_rnn()\ni = keras.Input((10,))\ny = lstm(i)",
        # a layer's second return value (return_state) is a list
        "i = keras.Input((5, 3))\nx = layers.LSTM(4, return_state=True)(i)",
    ],
)
def test_known_good_or_unknown_rank_is_quiet(body):
    assert rule_ids(HEAD + body + "\n", ["TF986"]) == []


def test_names_the_chain_as_evidence():
    source = HEAD + "i = keras.Input(shape=(10,))\nx = layers.Dense(8)(i)\nx = layers.LSTM(4)(x)\n"
    [found] = lint(source, ["TF986"])
    assert "rank 2" in found.message and "ndim=3" in found.message
    steps = [step.message for step in found.evidence.value]
    assert any("shape=(10,)" in s for s in steps)
    assert any("`layers.Dense` returns rank 2" in s for s in steps)


def test_tf_keras_module_uses_keras2_table():
    source = (
        "import tf_keras as keras\n"
        "m = keras.Sequential([keras.layers.Conv2D(4, 3, batch_input_shape=(None, 28, 28))])\n"
    )
    assert rule_ids(source, ["TF986"]) == ["TF986"]


def test_table_holds_the_common_layers():
    lstm = layer_ranks("keras", "LSTM")
    assert 2 in lstm.refuses and 3 not in lstm.refuses
    assert lstm.out_by == ("return_sequences", {"true": "3", "false": "2"})
    assert apply_out(layer_ranks("keras", "Flatten").out, 4) == 2
    assert apply_out(layer_ranks("keras", "Embedding").out, 2) == 3
    assert {1, 2, 3} <= layer_ranks("tf_keras", "Conv2D").refuses


def test_committed_layer_shapes_match_installed_packages():
    pytest.importorskip("keras")
    pytest.importorskip("tf_keras")
    script = ROOT / "scripts" / "generate_layer_shapes.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def test_message_names_what_to_change():
    stacked = (
        HEAD + "m = keras.Sequential([layers.Input((5, 3)), layers.LSTM(8), layers.LSTM(4)])\n"
    )
    [found] = lint(stacked, ["TF986"])
    assert "`return_sequences=True` on the layer before" in found.message
    channels = HEAD + "m = keras.Sequential([layers.Conv2D(8, 3, input_shape=(28, 28))])\n"
    [found] = lint(channels, ["TF986"])
    assert "one axis too few" in found.message

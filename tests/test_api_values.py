"""TF983, TF984 and TF985: string values Keras or TensorFlow refuses, from the generated
linter/data/api_values.json."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, rule_ids

PRELUDE = "import keras\nimport numpy as np\nimport tensorflow as tf\n"
# A model compiled with a loss or metrics and fitted: compile's strings are looked up.
FITTED = (
    "model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])\n"
    "model.compile({compile})\n"
    "model.fit(np.zeros((2, 4)), np.zeros((2, 2)), verbose=0)\n"
)

# Each refused form, with what it raises under TF 2.21's Keras 3 (the rule that reports it).
REFUSED = {
    'keras.layers.Dense(8, activation="Relu")': ("activation function identifier", "TF983"),
    'keras.layers.Dense(8, activation="leakyrelu")': ("activation function identifier", "TF983"),
    'keras.layers.Activation("softmax2")': ("activation function identifier", "TF983"),
    'keras.layers.Dense(8, kernel_initializer="xavier")': ("initializer identifier", "TF983"),
    'keras.layers.Dense(8, kernel_constraint="maxnorm")': ("constraint identifier", "TF983"),
    'keras.layers.Dense(8, kernel_regularizer="l1_l2")': ("regularizer identifier", "TF983"),
    'keras.layers.Bidirectional(keras.layers.LSTM(4), merge_mode="Concat")': (
        "merge mode",
        "TF984",
    ),
    'keras.layers.Conv1DTranspose(4, 3, padding="causal")': ("padding", "TF984"),
    'keras.layers.Dense(8, dtype="float")': ("DTypePolicy", "TF984"),
    'keras.losses.MeanSquaredError(reduction="avg")': ("reduction", "TF984"),
    'tf.nn.conv2d(tf.zeros([1, 8, 8, 1]), tf.zeros([3, 3, 1, 1]), 1, padding="same")': (
        "allowed values",
        "TF985",
    ),
    'tf.nn.max_pool2d(tf.zeros([1, 8, 8, 1]), 2, 2, "valid")': ("allowed values", "TF985"),
    'tf.sort(tf.zeros([3]), direction="descending")': ("ASCENDING, DESCENDING", "TF985"),
    'tf.cast(tf.zeros([3]), "int")': ("to a TensorFlow DType", "TF985"),
    'tf.zeros([3], dtype="long")': ("to a TensorFlow DType", "TF985"),
}
# compile arguments that raise at the first fit.
REFUSED_COMPILE = {
    'optimizer="lamb", loss="mse"': "optimizer identifier",
    'optimizer="adam", loss="categorical_crossentopy"': "loss identifier",
    'optimizer="adam", loss="logcosh"': "loss identifier",
    'optimizer="adam", loss="mse", metrics=["f1"]': "metric identifier",
    'optimizer="adam", loss="mse", metrics=["ce"]': "metric identifier",
}
# Keras 3's activation getter looks only at its own names: a registered custom object is
# not found (Keras 2's was).
REGISTERED = (
    'keras.utils.get_custom_objects().update({"softplusk": keras.activations.softplus})\n'
    'layer = keras.layers.Activation("softplusk")\n'
)
ACCEPTED = [
    'keras.layers.Dense(8, activation="leaky_relu", kernel_initializer="he_normal")',
    'keras.layers.Conv2D(4, 3, padding="SAME", data_format="channels_last")',
    'keras.layers.Conv1D(4, 3, padding="causal")',
    'keras.layers.Bidirectional(keras.layers.LSTM(4), merge_mode="concat")',
    'keras.layers.Dense(8, dtype="float32", kernel_regularizer="L2")',
    'keras.losses.MeanSquaredError(reduction="sum")',
    'tf.nn.conv2d(tf.zeros([1, 8, 8, 1]), tf.zeros([3, 3, 1, 1]), 1, padding="SAME")',
    'tf.pad(tf.zeros([2, 2]), [[1, 1], [1, 1]], mode="reflect")',
    'tf.cast(tf.zeros([3]), "float")',
]
ACCEPTED_COMPILE = [
    'optimizer="Adam", loss="mse", metrics=["acc", "ACCURACY", "f1_score", "mae"]',
    'optimizer="RMSprop", loss="ce", metrics=[["accuracy"]]',
]


def test_refused_values_raise():
    """Every refused form raises under the installed Keras, and every accepted one runs."""
    pytest.importorskip("keras")
    program = PRELUDE + textwrap.dedent(
        f"""
        def fitted(arguments):
            return {FITTED!r}.format(compile=arguments)

        forms = {{form: says for form, (says, _) in {REFUSED!r}.items()}}
        forms.update({{fitted(a): says for a, says in {REFUSED_COMPILE!r}.items()}})
        forms[{REGISTERED!r}] = "activation function identifier"
        for form, says in forms.items():
            try:
                exec(form)
            except Exception as error:
                assert says in str(error), (form, error)
            else:
                raise SystemExit("ran: " + form)
        for form in {ACCEPTED!r} + [fitted(a) for a in {ACCEPTED_COMPILE!r}]:
            exec(form)
        print("all as said")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=600
    )
    assert "all as said" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.parametrize("form", sorted(REFUSED))
def test_refused_value_reported(form):
    assert rule_ids(PRELUDE + f"layer = {form}\n", ["TF983", "TF984", "TF985"]) == [
        REFUSED[form][1]
    ]


@pytest.mark.parametrize("arguments", sorted(REFUSED_COMPILE))
def test_refused_compile_value_reported(arguments):
    source = PRELUDE + FITTED.format(compile=arguments)
    assert rule_ids(source, ["TF983", "TF984", "TF985"]) == ["TF983"]


@pytest.mark.parametrize("form", ACCEPTED)
def test_accepted_value_quiet(form):
    assert rule_ids(PRELUDE + f"layer = {form}\n", ["TF983", "TF984", "TF985"]) == []


@pytest.mark.parametrize("arguments", ACCEPTED_COMPILE)
def test_accepted_compile_value_quiet(arguments):
    source = PRELUDE + FITTED.format(compile=arguments)
    assert rule_ids(source, ["TF983", "TF984", "TF985"]) == []


def test_registered_custom_activation_reported():
    assert rule_ids(PRELUDE + REGISTERED, ["TF983"]) == ["TF983"]


def test_name_bound_once_to_a_literal_is_judged():
    source = PRELUDE + 'act = "Relu"\nlayer = keras.layers.Dense(8, activation=act)\n'
    assert rule_ids(source, ["TF983"]) == ["TF983"]


@pytest.mark.parametrize(
    "source",
    [
        # a user class of the same name is not Keras's
        "class Dense:\n    def __init__(self, *a, **k): pass\n"
        'layer = Dense(8, activation="Relu")\n',
        # Keras 2 (tf_keras) has its own getters
        'import tf_keras as keras\nlayer = keras.layers.Dense(8, activation="Relu")\n',
        # a model trained by a custom loop never looks its compile loss up
        PRELUDE + "model = keras.Sequential([keras.layers.Dense(2)])\n"
        'model.compile(optimizer="adam", loss="mean")\n',
        # TF1's API is TF102's
        'import tensorflow as tf\ny = tf.compat.v1.nn.conv2d(x, w, [1, 1, 1, 1], "same")\n',
        # a name bound twice is not one literal
        PRELUDE + 'act = "Relu"\nact = "relu"\nlayer = keras.layers.Dense(8, activation=act)\n',
    ],
)
def test_not_keras_or_not_looked_up_quiet(source):
    assert rule_ids(source, ["TF983", "TF984", "TF985"]) == []


def test_reduction_auto_is_tf020s():
    """Keras 2's reduction="auto" is TF020's finding, not also TF984's."""
    source = PRELUDE + 'loss = keras.losses.MeanSquaredError(reduction="auto")\n'
    assert rule_ids(source, ["TF020", "TF984"]) == ["TF020"]


def test_committed_api_values_match_installed_packages():
    pytest.importorskip("keras")
    pytest.importorskip("tf_keras")
    script = ROOT / "scripts" / "generate_api_values.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

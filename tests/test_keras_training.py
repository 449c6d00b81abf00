"""TF921 and TF710: Keras training set up in a way that silently does something else
(rules/keras_training.py)."""

from __future__ import annotations

import textwrap

import pytest

from conftest import check_state_form, lint, state_forms
from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules
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


GAN_LOOP = """
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4)])
discriminator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
discriminator.compile(optimizer="adam", loss="binary_crossentropy")
gan = tf.keras.Sequential([generator, discriminator])
gan.compile(optimizer="adam", loss="binary_crossentropy")
{warmup}for step in range(3):
    discriminator.trainable = False
    gan.train_on_batch(noise, targets)
    discriminator.trainable = True
    discriminator.train_on_batch(images, labels)
"""


def test_a_gan_loop_toggling_a_model_the_combined_model_was_traced_with_is_found():
    # the combined model traced its step with the discriminator trainable: toggling the flag
    # later leaves that step updating the discriminator too
    warmup = "gan.train_on_batch(noise, targets)\n"
    assert found(GAN_LOOP.format(warmup=warmup)) == [("TF921", 11)]


def test_a_gan_loop_whose_every_step_is_first_traced_under_its_own_flags_is_left_alone():
    assert found(GAN_LOOP.format(warmup="")) == []


FREEZE_LIFTED = """
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4)])
discriminator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
discriminator.compile(optimizer="sgd", loss="mse")
discriminator.trainable = False
noise_input = tf.keras.Input((2,))
combined = tf.keras.Model(noise_input, discriminator(generator(noise_input)))
combined.compile(optimizer="sgd", loss="mse")
{between}discriminator.trainable = True
for step in range(3):
    discriminator.train_on_batch(real, ones)
    combined.train_on_batch(noise, ones)
"""


def test_a_freeze_lifted_before_the_combined_model_first_trains_is_found_under_keras_3():
    # tests/realworld/trainable_reset_shared_discriminator: under TF 2.21 the combined step
    # moves the discriminator, which the freeze before its compile was meant to prevent
    assert found(FREEZE_LIFTED.format(between="")) == [("TF921", 11)]


def test_a_freeze_the_combined_model_already_trained_with_is_not_lifted():
    # its train function was made while the discriminator was frozen: it stays frozen there
    source = textwrap.dedent(FREEZE_LIFTED.format(between="combined.train_on_batch(noise, ones)\n"))
    result = lint_module(source, "train.py", RULES)
    assert not any("first trains" in d.message for d in result.diagnostics)


def test_a_freeze_set_again_before_the_combined_model_first_trains_is_left_alone():
    # the toggle each model's training needs under Keras 3: True for the discriminator's own
    # step, False again before the combined model's first training
    source = FREEZE_LIFTED.format(between="").replace(
        "    combined.train_on_batch",
        "    discriminator.trainable = False\n    combined.train_on_batch",
    )
    assert found(source) == []


def test_keras_2_keeps_the_freeze_its_compile_read():
    keras2 = FREEZE_LIFTED.format(between="").replace(
        "import tensorflow as tf", "import tf_keras\nimport tensorflow as tf"
    )
    result = lint_module(textwrap.dedent(keras2.replace("tf.keras.", "tf_keras.")), "t.py", RULES)
    assert not any("first trains" in d.message for d in result.diagnostics)


def test_keras_3_reads_the_flags_when_it_first_trains_after_compile():
    source = FINE_TUNING.replace(
        "model.fit(np.ones((8, 4)), np.zeros((8, 1)), verbose=0)\n{change}", "{change}", 1
    ).format(change="base.trainable = False")
    assert found(source) == []
    keras2 = source.replace("import tensorflow as tf", "import tf_keras\nimport tensorflow as tf")
    keras2 = keras2.replace("tf.keras.", "tf_keras.")
    assert [rule for rule, _ in found(keras2)] == ["TF921"]


CALLBACK = """
import tensorflow as tf


class Unfreeze(tf.keras.callbacks.Callback):
    def {hook}(self, epoch, logs=None):
        self.model.layers[0].trainable = True{extra}
"""


@pytest.mark.parametrize("hook", ["on_epoch_end", "on_train_begin", "on_train_batch_end"])
def test_a_callback_changing_trainable_during_fit_is_found(hook):
    # tests/realworld/trainable_frozen_in_callback: under TF 2.21 the unfrozen layer never moves
    assert found(CALLBACK.format(hook=hook, extra="")) == [("TF921", 7)]


@pytest.mark.parametrize(
    ("hook", "extra"),
    [
        ("on_train_end", ""),  # after training: the next compile sees it
        ("on_epoch_end", "\n        self.model.compile(optimizer='sgd', loss='mse')"),
    ],
)
def test_a_callback_change_keras_sees_is_left_alone(hook, extra):
    # TF921's claim (the flag is never seen) is false here; compiling during fit is TF925's
    assert [r for r, _ in found(CALLBACK.format(hook=hook, extra=extra)) if r != "TF925"] == []


def test_a_non_callback_class_hook_is_not_a_callback():
    source = CALLBACK.format(hook="on_epoch_end", extra="").replace(
        "(tf.keras.callbacks.Callback)", ""
    )
    assert found(source) == []


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


TRACED_RNN = """
import tensorflow as tf

rnn = tf.keras.layers.LSTM(8, unroll=True)


@tf.function
def encode(x):
    return rnn(x)


encode(tf.random.normal(({batch}, {steps}, 8)))
"""


def test_an_unrolled_rnn_a_tf_function_calls_on_a_long_tensor_is_found_at_the_call():
    # tests/realworld/unrolled_lstm_in_tf_function: 1,921 graph nodes against 66 unrolled; the
    # traced call makes the long tensor itself, so it is the line that builds the graph
    source = TRACED_RNN.format(batch=2, steps=100).replace(
        "return rnn(x)", "return rnn(tf.random.normal((2, 100, 8)))"
    )
    assert found(source) == [("TF710", 9)]


def test_an_unrolled_rnn_handed_a_long_tensor_is_found_where_it_is_made():
    # the traced call is given the sequence (a parameter): `unroll=True` is the line to show
    (diagnostic,) = lint_module(
        textwrap.dedent(TRACED_RNN.format(batch=2, steps=100)), "train.py", RULES
    ).diagnostics
    assert (diagnostic.rule, diagnostic.line) == ("TF710", 4)
    assert [step.message for step in diagnostic.evidence.value] == [
        "traced here, on what its callers pass"
    ]


def test_a_short_tensor_or_a_shape_that_is_not_an_ops_is_left_alone():
    assert found(TRACED_RNN.format(batch=2, steps=10), preview=False) == []
    # `tf.constant((2, 100, 8))` is a tensor of three numbers, not of that shape
    source = TRACED_RNN.format(batch=2, steps=100).replace("tf.random.normal", "tf.constant")
    assert found(source) == []


FED_FROM_OUTSIDE = """
import tensorflow as tf


class Encoder(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.rnn = tf.keras.layers.GRU(16, unroll=True)
        self.head = tf.keras.layers.Dense(1)

    def call(self, sequence):
        return self.head(self.rnn(sequence))


encoder = Encoder()
stacked = tf.keras.Sequential([tf.keras.layers.SimpleRNN(8, unroll=True), tf.keras.layers.Dense(1)])
both_ways = tf.keras.Sequential([tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(8, unroll=True))])
inputs = tf.keras.Input(shape=(None, 3))
functional = tf.keras.Model(inputs, tf.keras.layers.LSTM(8, unroll=True)(inputs))


@tf.function(jit_compile=True)
def forward(batch):
    return encoder(batch), stacked(batch), both_ways(batch), functional(batch)


forward(tf.zeros((2, {steps}, 3)))
"""


def test_an_unrolled_rnn_fed_through_its_model_in_a_traced_function_is_found_where_made():
    # the layer of a Model subclass's call, a Sequential's first layer, a Bidirectional's
    # wrapped layer, a functional model's layer on an Input of no fixed length: each gets what
    # the model is called on; the traced call is handed the batch, so each `unroll=True` is shown
    assert sorted(found(FED_FROM_OUTSIDE.format(steps=120))) == [
        ("TF710", 8),
        ("TF710", 16),
        ("TF710", 17),
        ("TF710", 19),
    ]
    assert found(FED_FROM_OUTSIDE.format(steps=8), preview=True) == []


# Where the length comes from in training code: NumPy data (drawn, converted), a dataset's
# batches, `fit`, a traced function's signature or concrete function, a flag bound once.
FED_IN_TRAINING = """
import numpy as np
import tensorflow as tf

STEPS = {steps}
UNROLL = True
model = tf.keras.Sequential([tf.keras.layers.LSTM(8, unroll=UNROLL), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam()


@tf.function
def train_step(batch, targets):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch, training=True) - targets))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))


{feed}
"""


@pytest.mark.parametrize(
    "feed",
    [
        "x = np.random.rand(64, STEPS, 4).astype('float32')\ny = np.zeros((64, 1), 'float32')\n"
        "dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(64).batch(16)\n"
        "for xb, yb in dataset:\n    train_step(xb, yb)",
        "x = np.random.random((64, STEPS, 4))\nmodel.compile(optimizer='adam', loss='mse')\n"
        "model.fit(x, np.zeros((64, 1)), batch_size=16)",
        "x = tf.constant(np.random.normal(size=(8, STEPS, 4)), dtype=tf.float32)\n"
        "train_step(x, tf.zeros((8, 1)))",
        "train_step.get_concrete_function(tf.TensorSpec([None, @STEPS, 4]), "
        "tf.TensorSpec([None, 1]))",
        "x = tf.random.normal(shape=[8, STEPS, 4])\ntrain_step(x, tf.zeros((8, 1)))",
    ],
)
def test_an_unrolled_rnn_fed_long_sequences_in_training_code_is_found(feed):
    for steps, expected in ((120, [("TF710", 7)]), (8, [])):
        source = FED_IN_TRAINING.format(steps=steps, feed=feed.replace("@STEPS", str(steps)))
        assert found(source, preview=True) == expected


COMBINED = """
import tensorflow as tf


class Masked(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], 4){flag})
        self.mask = tf.constant([[1.0, 0.0, 1.0, 0.0]])
        self.masked = {combined}

    def call(self, inputs):
        return tf.matmul(inputs, self.masked)
"""


@pytest.mark.parametrize(
    "combined",
    ["self.kernel * self.mask", "tf.multiply(self.kernel, self.mask)", "tf.transpose(self.kernel)"],
)
def test_weights_combined_once_in_build_are_found(combined):
    # tests/realworld/grad_weights_concat_in_build: under TF 2.21 fit finds no gradient
    assert found(COMBINED.format(flag="", combined=combined)) == [("TF923", 9)]


@pytest.mark.parametrize(
    ("flag", "combined"),
    [
        ("", "self.kernel"),  # the weight itself: trained
        ("", "tf.shape(self.kernel)"),  # an op with no gradient: none was wanted
        (", trainable=False", "self.kernel * self.mask"),  # a frozen weight
        ("", "self.mask * 2.0"),  # no weight read
    ],
)
def test_weights_kept_or_combined_in_call_are_left_alone(flag, combined):
    assert found(COMBINED.format(flag=flag, combined=combined)) == []


def test_a_combination_call_recomputes_is_left_alone():
    source = COMBINED.format(flag="", combined="self.kernel * self.mask").replace(
        "        return tf.matmul(inputs, self.masked)",
        "        self.masked = self.kernel * self.mask\n        return tf.matmul(inputs, self.masked)",
    )
    assert found(source) == []


def test_a_trainable_change_the_traced_train_step_never_sees_is_a_stale_capture():
    warmup = "gan.train_on_batch(noise, targets)\n"
    result = lint_module(textwrap.dedent(GAN_LOOP.format(warmup=warmup)), "train.py", RULES)
    assert {(d.rule, d.category) for d in result.diagnostics} == {("TF921", "stale-capture")}


HELD = """
import tensorflow as tf

base = tf.keras.applications.MobileNetV2(include_top=False, weights=None)


class Unfreeze(tf.keras.callbacks.Callback):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def on_epoch_end(self, epoch, logs=None):
        {change}
"""


@pytest.mark.parametrize(
    "change",
    [
        "self.backbone.trainable = True",  # a layer the callback was given
        "base.trainable = True",  # the module's pretrained base
        "for layer in self.model.layers[-4:]:\n            layer.trainable = True",
        "for layer in self.backbone.layers:\n            layer.trainable = True",
    ],
)
def test_a_callback_unfreezing_a_layer_it_reaches_during_fit_is_found(change):
    # tests/data/state_forms/callback_unfreezes_held_backbone: under TF 2.21 it never trains
    assert [rule for rule, _ in found(HELD.format(change=change))] == ["TF921"]


@pytest.mark.parametrize(
    "change",
    [
        "self.verbose = True",  # not a layer's flag
        "self.backbone.trainable = True\n        self.model.compile(optimizer='sgd')",
        "layer = object()\n        layer.trainable = True",  # nothing shows a Keras layer
    ],
)
def test_a_callback_change_that_is_no_stale_flag_is_left_alone(change):
    # a compile there is TF925's finding (the next step fails), not a stale flag
    assert [r for r, _ in found(HELD.format(change=change)) if r != "TF925"] == []


@pytest.mark.parametrize("name", state_forms("TF921"))
def test_a_trainable_form_confirmed_under_tensorflow_is_reported(name):
    check_state_form(name)


# TF925: `compile` from a callback hook while `fit` trains (keras-team/keras#14874, #15893,
# #16234: an unfreezing callback recompiles, and the next step fails).
RECOMPILE = (
    "import tensorflow as tf\n"
    "class Unfreeze(tf.keras.callbacks.Callback):\n"
    "    def {hook}(self, *args, **kwargs):\n"
    "        self.model.layers[0].trainable = True\n"
    "        {receiver}.compile(optimizer='adam', loss='mse')\n"
)


@pytest.mark.parametrize(
    "hook", ["on_train_begin", "on_epoch_begin", "on_epoch_end", "on_train_batch_end"]
)
def test_compile_in_a_training_hook_is_reported(hook):
    assert found(RECOMPILE.format(hook=hook, receiver="self.model")) == [("TF925", 5)]


@pytest.mark.parametrize(
    "hook, receiver",
    [
        # after the last step: the next fit builds a new train function
        ("on_train_end", "self.model"),
        # another model the callback holds, not the one fit trains
        ("on_epoch_end", "self.teacher"),
        # a method of the callback that no training hook is known to call
        ("rebuild", "self.model"),
    ],
)
def test_compile_outside_a_training_hook_is_not_reported(hook, receiver):
    found_here = found(RECOMPILE.format(hook=hook, receiver=receiver))
    assert [r for r, _ in found_here if r == "TF925"] == []


def _marked(source: str) -> list[int]:
    return [n for n, line in enumerate(source.splitlines(), 1) if line.endswith("# fires")]


TF944_SAMPLE = """\
import tensorflow as tf
from tensorflow import keras


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.block = keras.Sequential([keras.layers.Dense(4), keras.layers.BatchNormalization()])
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.block(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x)  # fires
            loss = self.compute_loss(y=y, y_pred=pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {}


def build():
    inp = keras.Input((4,))
    h = keras.layers.Dense(8)(inp)
    h = keras.layers.Dropout(0.3)(h)
    return keras.Model(inp, keras.layers.Dense(1)(h))


student = build()
teacher = build()
rnn = keras.Sequential([keras.layers.LSTM(4, dropout=0.2), keras.layers.Dense(1)])
plain = keras.Sequential([keras.layers.LSTM(4), keras.layers.Dense(1)])
opt = keras.optimizers.Adam()


def step(model, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)  # fires
    g = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(g, model.trainable_variables))


step(Net(), 1, 2)


@tf.function
def distill(x):
    with tf.GradientTape() as tape:
        soft = teacher(x)  # no: teacher not trained
        loss = tf.reduce_mean((student(x) - soft) ** 2)  # fires
    g = tape.gradient(loss, student.trainable_variables)
    opt.apply_gradients(zip(g, student.trainable_variables))


def rnn_step(x, y):
    with tf.GradientTape() as tape:
        a = rnn(x)  # fires
        b = plain(x)  # no
        loss = tf.reduce_mean(a + b)
    g = tape.gradient(loss, rnn.trainable_variables + plain.trainable_variables)
    opt.apply_gradients(zip(g, rnn.trainable_variables))


def eval_step(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = student(x)  # no: no apply
    return tape.gradient(y, x)
"""


def test_tf944_sample_reports_training_steps_whose_model_holds_a_training_mode_layer():
    lines = [d.line for d in lint(TF944_SAMPLE, ["TF944"]) if d.rule == "TF944"]
    assert lines == _marked(TF944_SAMPLE)


TF876_SAMPLE = """\
import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator

gen = ImageDataGenerator(rotation_range=20)


def augment(image, label):
    image = gen.random_transform(image)  # fires
    return image, label


def host_augment(batch):
    return np.stack([gen.random_transform(x) for x in batch])  # no: not traced


def numpy_augment(image, label):
    image = tf.numpy_function(lambda x: gen.random_transform(x), [image], tf.float32)  # no
    return image, label


ds = tf.data.Dataset.from_tensor_slices((np.zeros((4, 8, 8, 3)), np.zeros(4)))
ds = ds.map(augment).map(numpy_augment)
host_augment(np.zeros((2, 8, 8, 3)))
"""


def test_tf876_sample_reports_numpy_augmentation_given_a_graph_tensor():
    lines = [d.line for d in lint(TF876_SAMPLE, ["TF876"]) if d.rule == "TF876"]
    assert lines == _marked(TF876_SAMPLE)


TF944_HELPER_SAMPLE = """\
import tensorflow as tf
from tensorflow import keras

model = keras.Sequential([keras.layers.Dense(8), keras.layers.Dropout(0.5), keras.layers.Dense(1)])
opt = keras.optimizers.SGD()


def compute_loss(net, x, y):
    return tf.reduce_mean((net(x) - y) ** 2)  # fires


def global_loss(x, y):
    return tf.reduce_mean((model(x) - y) ** 2)  # fires


def flagged_loss(net, x, y, training):
    return tf.reduce_mean((net(x, training=training) - y) ** 2)


def step(x, y):
    with tf.GradientTape() as tape:
        loss = compute_loss(model, x, y) + global_loss(x, y) + flagged_loss(model, x, y, True)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
"""


def test_tf944_follows_the_model_into_a_loss_helper_the_step_calls():
    lines = [d.line for d in lint(TF944_HELPER_SAMPLE, ["TF944"]) if d.rule == "TF944"]
    assert lines == _marked(TF944_HELPER_SAMPLE)


CONFIG_LAYER = """
import tensorflow as tf

class Block(tf.keras.layers.Layer):
    def __init__({init}):
        super().__init__()

    def call(self, x):
        return x

    def get_config(self):
{body}
"""


@pytest.mark.parametrize(
    ("init", "body"),
    [
        # a required argument left out, in the forms the guides use
        (
            "self, units, rate, **kwargs",
            "config = super().get_config()\nconfig.update({'units': 1})\nreturn config",
        ),
        ("self, units, rate, **kwargs", "base = super().get_config()\nreturn {**base, 'units': 1}"),
        (
            "self, units, rate, **kwargs",
            "config = super(Block, self).get_config()\nconfig['units'] = 1\nreturn config",
        ),
        ("self, units, *, rate, **kwargs", "return dict(units=1)"),
        # the base config's name/trainable/dtype for an __init__ without **kwargs
        ("self, units=4", "config = super().get_config()\nconfig.update(units=4)\nreturn config"),
        ("self, units=4", "return {'units': 4, 'activation': 'relu'}"),
    ],
)
def test_tf956_config_not_matching_the_constructor_is_found(init, body):
    source = CONFIG_LAYER.format(init=init, body=textwrap.indent(body, " " * 8))
    assert [r for r, _ in found(source)] == ["TF956"]


@pytest.mark.parametrize(
    ("init", "body"),
    [
        (
            "self, units, rate, **kwargs",
            "config = super().get_config()\nconfig.update({'units': 1, 'rate': 2})\nreturn config",
        ),
        ("self, units=4", "return {'units': 4}"),
        (
            "self, units, **kwargs",
            "config = super().get_config()\nconfig.update(self.extra)\nreturn config",
        ),
        ("self, units, **kwargs", "return self._config"),
        (
            "self, units, **kwargs",
            "config = {}\nfor k in ('units',):\n    config[k] = 1\nreturn config",
        ),
        ("self, *args, **kwargs", "return super().get_config()"),
    ],
)
def test_tf956_config_matching_or_not_spelled_out_is_not_reported(init, body):
    source = CONFIG_LAYER.format(init=init, body=textwrap.indent(body, " " * 8))
    assert found(source) == []


def test_tf956_not_reported_with_from_config_or_a_concrete_base():
    with_from_config = CONFIG_LAYER.format(
        init="self, units, **kwargs", body="        return super().get_config()"
    ) + ("\n    @classmethod\n    def from_config(cls, config):\n        return cls(4, **config)\n")
    assert found(with_from_config) == []
    concrete = CONFIG_LAYER.replace("tf.keras.layers.Layer", "tf.keras.layers.Dense").format(
        init="self, units, **kwargs", body="        return super().get_config()"
    )
    assert found(concrete) == []


METRIC = """
import keras

class Hits(keras.metrics.Metric):
    def update_state({params}):
        pass

    def result(self):
        return 0.0

model = keras.Sequential([keras.layers.Dense(1)])
{compile}
"""


@pytest.mark.parametrize(
    "compile_call",
    [
        "model.compile('adam', 'mse', metrics=[Hits()])",
        "model.compile('adam', 'mse', weighted_metrics=[Hits(), 'mae'])",
        "model.compile('adam', 'mse', metrics={'out': Hits()})",
        "hits = Hits()\nmodel.compile('adam', 'mse', metrics=[hits])",
    ],
)
def test_tf957_metric_without_sample_weight_given_to_compile_is_found(compile_call):
    source = METRIC.format(params="self, y_true, y_pred", compile=compile_call)
    assert [r for r, _ in found(source)] == ["TF957"]


@pytest.mark.parametrize(
    ("params", "compile_call"),
    [
        (
            "self, y_true, y_pred, sample_weight=None",
            "model.compile('adam', 'mse', metrics=[Hits()])",
        ),
        ("self, *args, **kwargs", "model.compile('adam', 'mse', metrics=[Hits()])"),
        # used by hand, not through compile: the caller decides the arguments
        ("self, y_true, y_pred", "m = Hits()\nm.update_state(1.0, 2.0)"),
    ],
)
def test_tf957_not_reported_when_keras_can_call_it_or_does_not(params, compile_call):
    assert found(METRIC.format(params=params, compile=compile_call)) == []


RELOAD = """
import keras

class Scale(keras.layers.Layer):
    def call(self, x):
        return x * 2.0

def my_loss(y_true, y_pred):
    return keras.ops.mean(y_true - y_pred)

inputs = keras.Input((4,))
{build}
{save}
restored = {load}
"""


@pytest.mark.parametrize(
    ("build", "save", "load"),
    [
        (
            "model = keras.Model(inputs, keras.layers.Dense(1)(Scale()(inputs)))",
            "model.save('m.keras')",
            "keras.models.load_model('m.keras')",
        ),
        (
            "h = Scale()(inputs)\nmodel = keras.Model(inputs, h)",
            "PATH = 'm.h5'\nkeras.models.save_model(model, PATH)",
            "keras.saving.load_model(PATH)",
        ),
        (
            "model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])\n"
            "model.compile('adam', my_loss)",
            "model.save('m.keras')",
            "keras.models.load_model('m.keras')",
        ),
        (
            "model = keras.Sequential([keras.Input((4,)), Scale()])\n"
            "ckpt = keras.callbacks.ModelCheckpoint('best.keras', save_best_only=True)\n"
            "model.fit(x, y, callbacks=[ckpt])",
            "",
            "keras.models.load_model('best.keras')",
        ),
    ],
)
def test_tf958_reload_of_a_model_with_custom_objects_is_found(build, save, load):
    source = RELOAD.format(build=build, save=save, load=load)
    assert [r for r, _ in found(source)] == ["TF958"]


@pytest.mark.parametrize(
    ("build", "save", "load"),
    [
        # told of them
        (
            "model = keras.Model(inputs, Scale()(inputs))",
            "model.save('m.keras')",
            "keras.models.load_model('m.keras', custom_objects={'Scale': Scale})",
        ),
        (
            "model = keras.Model(inputs, Scale()(inputs))",
            "model.save('m.keras')",
            "None\nwith keras.saving.custom_object_scope({'Scale': Scale}):\n"
            "    restored = keras.models.load_model('m.keras')",
        ),
        # a model of built-in layers; a custom loss not compiled back in
        (
            "model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])\n"
            "other = keras.Model(inputs, Scale()(inputs))",
            "model.save('m.keras')\nother.save('o.keras')",
            "keras.models.load_model('m.keras')",
        ),
        (
            "model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])\n"
            "model.compile('adam', my_loss)",
            "model.save('m.keras')",
            "keras.models.load_model('m.keras', compile=False)",
        ),
        # another file, weights only
        (
            "model = keras.Model(inputs, Scale()(inputs))",
            "model.save('m.keras')",
            "keras.models.load_model('pretrained.keras')",
        ),
        (
            "model = keras.Sequential([keras.Input((4,)), Scale()])\n"
            "ckpt = keras.callbacks.ModelCheckpoint('best.weights.h5', save_weights_only=True)\n"
            "model.fit(x, y, callbacks=[ckpt])",
            "",
            "keras.models.load_model('best.weights.h5')",
        ),
    ],
)
def test_tf958_not_reported_when_keras_can_rebuild_the_model(build, save, load):
    assert found(RELOAD.format(build=build, save=save, load=load)) == []


def test_tf958_not_reported_for_a_registered_class():
    source = RELOAD.format(
        build="model = keras.Model(inputs, Scale()(inputs))",
        save="model.save('m.keras')",
        load="keras.models.load_model('m.keras')",
    ).replace("class Scale", "@keras.saving.register_keras_serializable()\nclass Scale")
    assert found(source) == []


CLASS_WEIGHT = """
import keras

inputs = keras.Input((8,))
a = keras.layers.Dense(3, activation="softmax")(inputs)
b = keras.layers.Dense(1, activation="sigmoid")(inputs)
{build}
model.compile("adam", "mse")
{fit}
"""


@pytest.mark.parametrize(
    ("build", "fit"),
    [
        ("model = keras.Model(inputs, [a, b])", "model.fit(x, y, class_weight={0: 1.0, 1: 2.0})"),
        (
            "model = keras.Model(inputs=inputs, outputs={'a': a, 'b': b})",
            "model.fit(x, y, class_weight=cw)",
        ),
        ("outs = (a, b)\nmodel = keras.Model(inputs, outs)", "model.fit(x, y, class_weight=cw)"),
        ("model = make_model()", "model.fit(x, [ya, yb], class_weight=cw)"),
        ("model = make_model()", "model.fit(x, y={'a': ya, 'b': yb}, class_weight=cw)"),
    ],
)
def test_tf959_class_weight_with_several_outputs_is_found(build, fit):
    assert [r for r, _ in found(CLASS_WEIGHT.format(build=build, fit=fit))] == ["TF959"]


@pytest.mark.parametrize(
    ("build", "fit"),
    [
        ("model = keras.Model(inputs, a)", "model.fit(x, y, class_weight=cw)"),
        ("model = keras.Model(inputs, [a])", "model.fit(x, y, class_weight=cw)"),
        ("model = keras.Model(inputs, [a, b])", "model.fit(x, [ya, yb], class_weight=None)"),
        ("model = keras.Model(inputs, [a, b])", "model.fit(x, [ya, yb], sample_weight=[wa, wb])"),
        ("model = make_model()", "model.fit(x, y, class_weight=cw)"),
    ],
)
def test_tf959_not_reported_for_one_output_or_no_class_weight(build, fit):
    assert found(CLASS_WEIGHT.format(build=build, fit=fit)) == []


def test_tf958_not_reported_for_a_keras_loss_named_like_a_module_function():
    source = RELOAD.format(
        build="def mae(y_true, y_pred):\n    return 0.0\n"
        "model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])\n"
        "model.compile(loss=keras.losses.mae, optimizer='sgd', metrics=['mae'])",
        save="model.save('m.h5')",
        load="keras.models.load_model('m.h5')",
    )
    assert found(source) == []


@pytest.mark.parametrize(
    "source",
    [
        "model = keras.Sequential([keras.Input((10, 8)), keras.layers.LSTM(4, stateful=True)])",
        "model = keras.Sequential([keras.layers.Input(shape=(10, 8)),\n"
        "    keras.layers.Bidirectional(keras.layers.GRU(4, stateful=True))])",
        "model = keras.Sequential()\nmodel.add(keras.layers.SimpleRNN(4, stateful=True, input_shape=(10, 8)))",
        "inputs = keras.Input((10, 8))\nh = keras.layers.Dense(4)(inputs)\nout = keras.layers.LSTM(4, stateful=True)(h)",
    ],
)
def test_tf021_stateful_rnn_without_batch_size_is_found(source):
    assert [r for r, _ in found("import keras\n" + source)] == ["TF021"]


@pytest.mark.parametrize(
    "source",
    [
        "model = keras.Sequential([keras.Input((10, 8), batch_size=4), keras.layers.LSTM(4, stateful=True)])",
        "model = keras.Sequential([keras.Input(batch_shape=(4, 10, 8)), keras.layers.LSTM(4, stateful=True)])",
        "model = keras.Sequential([keras.Input((10, 8)), keras.layers.LSTM(4)])",
        "model = keras.Sequential([keras.layers.LSTM(4, stateful=True)])",  # built from the data
        "inputs = keras.Input((10, 8), batch_size=2)\nout = keras.layers.LSTM(4, stateful=True)(inputs)",
        "out = keras.layers.LSTM(4, stateful=True)(features)",
    ],
)
def test_tf021_not_reported_with_a_batch_size_or_without_state(source):
    assert found("import keras\n" + source) == []


EMBEDDING = """
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Embedding, StringLookup
from tensorflow.keras.preprocessing.text import Tokenizer

{setup}
layer = Embedding({size}, 64)
"""


@pytest.mark.parametrize(
    ("setup", "size"),
    [
        (
            "tokenizer = Tokenizer(oov_token='<unk>')\nvocab_size = len(tokenizer.word_index)",
            "vocab_size",
        ),
        ("tokenizer = Tokenizer(num_words=None)", "len(tokenizer.word_index)"),
        ("lookup = StringLookup(vocabulary=vocab)", "len(vocab)"),
        ("lookup = tf.keras.layers.TextVectorization(vocabulary=vocab)", "len(vocab)"),
        ("n_items = int(ratings['item'].max())", "n_items"),
        ("n_users = np.max(user_ids)", "n_users"),
        ("word_to_id = {w: i for i, w in enumerate(words)}", "max(word_to_id.values())"),
    ],
)
def test_tf964_embedding_sized_by_largest_id_is_found(setup, size):
    assert [r for r, _ in found(EMBEDDING.format(setup=setup, size=size))] == ["TF964"]


@pytest.mark.parametrize(
    ("setup", "size"),
    [
        ("tokenizer = Tokenizer()", "len(tokenizer.word_index) + 1"),
        ("tokenizer = Tokenizer(num_words=5000)", "len(tokenizer.word_index)"),
        ("tokenizer = Tokenizer(5000)", "len(tokenizer.word_index)"),
        ("word_index = {w: i for i, w in enumerate(words)}", "len(word_index)"),
        ("lookup = StringLookup(vocabulary=vocab)", "lookup.vocabulary_size()"),
        ("lookup = StringLookup(vocabulary=vocab, num_oov_indices=0)", "len(vocab)"),
        ("maxlen = max(len(s) for s in seqs)", "maxlen"),
        ("longest = np.max(seq_lengths)", "longest"),
        ("n_items = ratings['item'].max() + 1", "n_items"),
        ("n_items = ratings['item'].nunique()", "n_items"),
    ],
)
def test_tf964_embedding_sized_to_hold_every_id_is_not_found(setup, size):
    assert found(EMBEDDING.format(setup=setup, size=size)) == []


LABELS = """
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras.preprocessing.image import ImageDataGenerator

model = keras.Sequential([keras.layers.Dense(10, activation="softmax")])
model.compile(optimizer="adam", loss={loss})
{data}
"""


@pytest.mark.parametrize(
    ("loss", "data"),
    [
        (
            "'sparse_categorical_crossentropy'",
            "y = keras.utils.to_categorical(y, 10)\nmodel.fit(x, y)",
        ),
        ("keras.losses.SparseCategoricalCrossentropy()", "model.fit(x, tf.one_hot(y, 10))"),
        (
            "'categorical_crossentropy'",
            "ds = keras.utils.image_dataset_from_directory('d')\nmodel.fit(ds.cache().prefetch(2))",
        ),
        (
            "keras.losses.sparse_categorical_crossentropy",
            "ds = keras.utils.image_dataset_from_directory('d', label_mode='categorical')\nmodel.fit(ds)",
        ),
        (
            "'sparse_categorical_crossentropy'",
            "model.fit(ImageDataGenerator().flow_from_directory('d'))",
        ),
        # through scikit-learn's split, and an identity matrix's rows
        (
            "'sparse_categorical_crossentropy'",
            "from sklearn.model_selection import train_test_split\n"
            "y = keras.utils.to_categorical(labels)\n"
            "x_train, x_test, y_train, y_test = train_test_split(x, y)\n"
            "model.fit(x_train, y_train)",
        ),
        ("'sparse_categorical_crossentropy'", "import numpy as np\nmodel.fit(x, np.eye(10)[y])"),
        # a literal table of one-hot rows; integer ids drawn for ten classes (TF 2.21:
        # ValueError for (n,) and (n, 1) ids under Keras 3 and tf-keras)
        (
            "'sparse_categorical_crossentropy'",
            "import numpy as np\nout = np.array([[1, 0], [0, 1], [0, 1]], dtype='float32')\n"
            "model.fit(x, out)",
        ),
        (
            "'categorical_crossentropy'",
            "import numpy as np\nrng = np.random.default_rng(1)\n"
            "y = rng.integers(0, 10, (64, 1))\nmodel.fit(x, y)",
        ),
        (
            "'categorical_crossentropy'",
            "import numpy as np\nmodel.fit(x, np.random.randint(0, 10, 64))",
        ),
    ],
)
def test_tf966_crossentropy_given_other_label_encoding_is_found(loss, data):
    # on the loss `compile` is given (line 7), the labels and `fit` its evidence
    assert found(LABELS.format(loss=loss, data=data)) == [("TF966", 7)]


@pytest.mark.parametrize(
    ("loss", "data"),
    [
        ("'categorical_crossentropy'", "y = keras.utils.to_categorical(y, 10)\nmodel.fit(x, y)"),
        ("'sparse_categorical_crossentropy'", "model.fit(x, y)"),
        # ids of two classes, several columns (multi-hot), rows that are not one-hot
        (
            "'categorical_crossentropy'",
            "import numpy as np\nmodel.fit(x, np.random.randint(0, 2, 64))",
        ),
        (
            "'categorical_crossentropy'",
            "import numpy as np\nmodel.fit(x, np.random.randint(0, 10, (64, 10)))",
        ),
        (
            "'sparse_categorical_crossentropy'",
            "import numpy as np\nmodel.fit(x, np.array([[1, 1], [0, 1]]))",
        ),
        (
            "'sparse_categorical_crossentropy'",
            "import numpy as np\nmodel.fit(x, np.random.randint(0, 10, 64))",
        ),
        (
            "'sparse_categorical_crossentropy'",
            "model.fit(keras.utils.image_dataset_from_directory('d'))",
        ),
        (
            "'categorical_crossentropy'",
            "ds = keras.utils.image_dataset_from_directory('d')\n"
            "model.fit(ds.map(lambda x, y: (x, tf.one_hot(y, 10))))",
        ),
        (
            "'sparse_categorical_crossentropy'",
            "model.fit(ImageDataGenerator().flow_from_directory('d', class_mode='sparse'))",
        ),
        # compiled twice with losses of both encodings: which one `fit` trains is not shown
        (
            "'sparse_categorical_crossentropy'",
            "model.compile('adam', 'categorical_crossentropy')\nmodel.fit(x, tf.one_hot(y, 10))",
        ),
    ],
)
def test_tf966_crossentropy_given_its_label_encoding_is_not_found(loss, data):
    assert found(LABELS.format(loss=loss, data=data)) == []


def test_class_weight_is_reported_for_models_that_predict_per_pixel():
    source = """
        import keras
        from keras import layers
        def unet(n_classes):
            inputs = keras.Input((64, 64, 3))
            x = layers.Conv2D(16, 3, padding="same", activation="relu")(inputs)
            x = layers.Conv2D(n_classes, 1)(x)
            outputs = layers.Activation("softmax")(x)
            return keras.Model(inputs, outputs)
        model = unet(3)
        model.fit(images, masks, class_weight={0: 1.0, 1: 5.0, 2: 5.0})
        seq = keras.Sequential([keras.Input((64, 64, 3)), layers.Conv2D(3, 1), layers.Softmax()])
        seq.fit(images, masks, class_weight=weights)
        seq.fit(images, masks, class_weight=None)
        clf = keras.Sequential(
            [keras.Input((64, 64, 3)), layers.Conv2D(3, 1), layers.GlobalAveragePooling2D(), layers.Dense(3)]
        )
        clf.fit(images, labels, class_weight=weights)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF975"])] == [("TF975", 11), ("TF975", 13)]


ONE_UNIT = """
import keras
import tensorflow as tf
from keras import layers
{code}
"""


@pytest.mark.parametrize(
    "code",
    [
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1, activation="softmax")])',
        "m = keras.Sequential([keras.Input((8,)), layers.Dense(1, activation=tf.nn.softmax)])",
        "m = keras.Sequential([keras.Input((8,)), layers.Dense(1), layers.Softmax()])",
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1), layers.Activation("softmax")])',
        "inputs = keras.Input((8,))\nh = layers.Dense(1)(inputs)\nout = layers.Softmax(axis=-1)(h)",
        'out = layers.Conv2D(1, 1, activation="softmax")(x)',
    ],
)
def test_tf977_softmax_over_one_unit_is_found(code):
    assert [r for r, _ in found(ONE_UNIT.format(code=code))] == ["TF977"]


@pytest.mark.parametrize(
    "code",
    [
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1, activation="sigmoid")])',
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(2, activation="softmax")])',
        "m = keras.Sequential([keras.Input((8,)), layers.Dense(n), layers.Softmax()])",
        "m = keras.Sequential([keras.Input((8,)), layers.Dense(1), layers.Softmax(axis=1)])",
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1, activation="relu"), layers.Softmax()])',
        'out = layers.Conv2D(1, 1, activation="softmax", data_format="channels_first")(x)',
    ],
)
def test_tf977_softmax_over_several_units_is_not_found(code):
    assert found(ONE_UNIT.format(code=code)) == []


@pytest.mark.parametrize(
    "code",
    [
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1, activation="sigmoid")])\n'
        'm.compile(optimizer="adam", loss="categorical_crossentropy")',
        "m = keras.Sequential([keras.Input((8,)), layers.Dense(1)])\n"
        'm.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True))',
        "inputs = keras.Input((8,))\nout = layers.Dense(1)(inputs)\n"
        "m = keras.Model(inputs, out)\n"
        "m.compile(optimizer='adam', loss=keras.losses.sparse_categorical_crossentropy)",
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1), layers.Activation("sigmoid")])\n'
        'm.compile(optimizer="adam", loss="categorical_crossentropy")',
        "inputs = keras.Input((8,))\nh = layers.Dense(1)(inputs)\n"
        "out = layers.Activation('sigmoid')(h)\nm = keras.Model(inputs, out)\n"
        "m.compile(optimizer='adam', loss='sparse_categorical_crossentropy')",
        # built with `add`, the activation a layer of its own; one unit through a name
        "m = keras.Sequential()\nm.add(keras.Input((8,)))\nm.add(layers.Dense(1))\n"
        'm.add(layers.Activation("sigmoid"))\nm.compile("adam", "categorical_crossentropy")',
        "n_out = 1\n"
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(n_out, activation="sigmoid")])\n'
        'm.compile(optimizer="adam", loss="categorical_crossentropy")',
    ],
)
def test_tf978_categorical_loss_on_one_unit_is_found(code):
    assert [r for r, _ in found(ONE_UNIT.format(code=code))] == ["TF978"]


@pytest.mark.parametrize(
    "code",
    [
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(1, activation="sigmoid")])\n'
        'm.compile(optimizer="adam", loss="binary_crossentropy")',
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(3, activation="softmax")])\n'
        'm.compile(optimizer="adam", loss="categorical_crossentropy")',
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(units, activation="softmax")])\n'
        'm.compile(optimizer="adam", loss="sparse_categorical_crossentropy")',
        "m = build()\nm.compile(optimizer='adam', loss='categorical_crossentropy')",
        'm = keras.Sequential([keras.Input((8,)), layers.Dense(3), layers.Activation("softmax")])\n'
        'm.compile(optimizer="adam", loss="categorical_crossentropy")',
    ],
)
def test_tf978_categorical_loss_on_several_units_is_not_found(code):
    assert found(ONE_UNIT.format(code=code)) == []


ENDLESS = """
import tensorflow as tf
ds = tf.data.Dataset.from_tensor_slices((x, y))
{code}
"""


@pytest.mark.parametrize(
    "code",
    [
        "ds = ds.shuffle(100).repeat()\nds = ds.batch(32).prefetch(2)\nmodel.fit(ds, epochs=5)",
        "model.fit(ds.repeat(-1).batch(2), epochs=2)",
        "model.fit(x=ds.repeat(None).map(f).batch(2), epochs=2, validation_data=val)",
        "model.fit(train, epochs=2, validation_data=ds.repeat().batch(2))",
        "model.evaluate(ds.batch(2).repeat())",
    ],
)
def test_tf979_fit_on_endless_dataset_is_found(code):
    assert [r for r, _ in found(ENDLESS.format(code=code))] == ["TF979"]


@pytest.mark.parametrize(
    "code",
    [
        "model.fit(ds.repeat().batch(2), epochs=5, steps_per_epoch=10)",
        "model.fit(ds.repeat(3).batch(2), epochs=2)",
        "model.fit(ds.repeat().take(100).batch(2), epochs=2)",
        "model.fit(ds.batch(2), epochs=2)",
        "model.fit(ds.repeat(n).batch(2), epochs=2)",
        "model.fit(train, validation_data=ds.repeat().batch(2), validation_steps=4)",
        "model.evaluate(ds.repeat().batch(2), steps=4)",
    ],
)
def test_tf979_fit_on_finite_dataset_is_not_found(code):
    assert found(ENDLESS.format(code=code)) == []


# --- TF955: own trackers in `metrics`, updated by `train_step` only ---------------------------
TRACKED_MODEL = """
import tensorflow as tf
from tensorflow import keras


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")

    @property
    def metrics(self):
        return [self.loss_tracker]

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        self.optimizer.apply_gradients(
            zip(tape.gradient(loss, self.trainable_variables), self.trainable_variables)
        )
        self.loss_tracker.update_state(loss)
        return {{"loss": self.loss_tracker.result()}}
{extra}

model = Net()
model.compile(optimizer="adam", loss="mse")
{use}
"""


@pytest.mark.parametrize(
    "use",
    [
        "model.evaluate(x, y)",
        "model.fit(x, y, validation_data=(vx, vy))",
        "model.fit(x, y, validation_split=0.2)",
    ],
)
def test_tf955_train_step_without_test_step_is_found(use):
    assert found(TRACKED_MODEL.format(extra="", use=use)) == [("TF955", 6)]


@pytest.mark.parametrize(
    "extra, use",
    [
        pytest.param(
            "\n    def test_step(self, data):\n        return {}",
            "model.evaluate(x, y)",
            id="test-step-defined",
        ),
        pytest.param("", "model.fit(x, y, epochs=3)", id="never-evaluated"),
    ],
)
def test_tf955_evaluated_trackers_kept_or_unused_are_not_found(extra, use):
    assert found(TRACKED_MODEL.format(extra=extra, use=use)) == []


# --- TF980: a weight regularizer set on a layer of a built model ------------------------------
@pytest.mark.parametrize(
    "code, lines",
    [
        pytest.param(
            """
            base = keras.applications.MobileNetV2(weights=None, include_top=False)
            for layer in base.layers:
                if hasattr(layer, "kernel_regularizer"):
                    layer.kernel_regularizer = keras.regularizers.l2(1e-4)
            """,
            [6],
            id="each-layer-of-an-application",
        ),
        pytest.param(
            """
            model = keras.models.load_model("model.keras")
            model.get_layer("dense").kernel_regularizer = keras.regularizers.l2(1e-4)
            model.layers[-1].bias_regularizer = keras.regularizers.l1(1e-4)
            """,
            [4, 5],
            id="layers-of-a-loaded-model",
        ),
    ],
)
def test_tf980_regularizer_set_on_built_layer_is_found(code, lines):
    source = "from tensorflow import keras\n" + textwrap.dedent(code)
    assert [line for rule, line in found(source) if rule == "TF980"] == lines


@pytest.mark.parametrize(
    "code",
    [
        pytest.param(
            """
            base = keras.applications.MobileNetV2(weights=None, include_top=False)
            for layer in base.layers:
                layer.kernel_regularizer = keras.regularizers.l2(1e-4)
            base = keras.models.model_from_json(base.to_json())
            """,
            id="rebuilt-from-its-config",
        ),
        pytest.param(
            """
            model = keras.Sequential([keras.layers.Dense(8), keras.layers.Dense(1)])
            for layer in model.layers:
                layer.kernel_regularizer = keras.regularizers.l2(1e-4)
            """,
            id="sequential-not-built-yet",
        ),
        pytest.param(
            """
            base = keras.applications.MobileNetV2(weights=None, include_top=False)
            for layer in base.layers:
                layer.activity_regularizer = keras.regularizers.l2(1e-4)
            """,
            id="activity-regularizer-read-at-each-call",
        ),
    ],
)
def test_tf980_regularizer_that_takes_effect_is_not_found(code):
    source = "from tensorflow import keras\n" + textwrap.dedent(code)
    assert [f for f in found(source) if f[0] == "TF980"] == []


# --- TF981: one optimizer object updating two models' variables -------------------------------
@pytest.mark.parametrize(
    "code, line",
    [
        pytest.param(
            """
            opt = keras.optimizers.Adam()
            with tf.GradientTape() as tape:
                loss_a = tf.reduce_sum(model_a(x))
            opt.apply_gradients(zip(tape.gradient(loss_a, model_a.trainable_variables),
                                    model_a.trainable_variables))
            with tf.GradientTape() as tape:
                loss_b = tf.reduce_sum(model_b(x))
            opt.apply_gradients(zip(tape.gradient(loss_b, model_b.trainable_variables),
                                    model_b.trainable_variables))
            """,
            11,
            id="two-models-updated-in-turn",
        ),
        pytest.param(
            """
            opt = keras.optimizers.SGD(0.01)
            generator.compile(optimizer=opt, loss="mse")

            def critic_step(x):
                variables = critic.trainable_variables
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(critic(x))
                opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
            """,
            11,
            id="compiled-into-one-applied-to-another",
        ),
    ],
)
def test_tf981_optimizer_applied_to_two_models_is_found(code, line):
    source = "import tensorflow as tf\nfrom tensorflow import keras\n" + textwrap.dedent(code)
    assert [f for f in found(source) if f[0] == "TF981"] == [("TF981", line)]


@pytest.mark.parametrize(
    "code",
    [
        pytest.param(
            """
            opt = keras.optimizers.Adam()
            for _ in range(3):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(net(x))
                opt.apply_gradients(zip(tape.gradient(loss, net.trainable_variables),
                                        net.trainable_variables))
            net.compile(optimizer=opt, loss="mse")
            """,
            id="one-model-in-a-loop-and-compiled",
        ),
        pytest.param(
            """
            opt = keras.optimizers.legacy.Adam()
            opt.apply_gradients(zip(grads_a, model_a.trainable_variables))
            opt.apply_gradients(zip(grads_b, model_b.trainable_variables))
            """,
            id="legacy-optimizer-keeps-slots-per-variable",
        ),
        pytest.param(
            """
            def step(model, optimizer, x):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(model(x))
                grads = tape.gradient(loss, model.trainable_variables)
                optimizer.apply_gradients(zip(grads, model.trainable_variables))

            step(model_a, keras.optimizers.Adam(), x)
            step(model_b, keras.optimizers.Adam(), x)
            """,
            id="each-model-given-its-own-optimizer",
        ),
    ],
)
def test_tf981_one_optimizer_per_model_is_not_found(code):
    source = "import tensorflow as tf\nfrom tensorflow import keras\n" + textwrap.dedent(code)
    assert [f for f in found(source) if f[0] == "TF981"] == []

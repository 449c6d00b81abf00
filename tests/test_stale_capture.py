"""TF601-TF602: Python values frozen into a graph at trace time."""

from __future__ import annotations

import pytest

from conftest import check_state_form, lint, rule_ids, state_forms

APPLY = "scale = 1.0\n@tf.function\ndef apply(x):\n    return x * scale\n"
MODULE = (
    "class M(tf.Module):\n    def __init__(self):\n        self.bias = 0.0\n"
    "        self.w = tf.Variable(1.0)\n    @tf.function\n    def __call__(self, x):\n"
    "        return x * self.w + self.bias\n"
)


@pytest.mark.parametrize(
    "source, rule",
    [
        (APPLY + "def set_scale(v):\n    global scale\n    scale = v\n", "TF601"),
        (APPLY + "apply(1.0)\nscale = 2.0\napply(1.0)\n", "TF601"),
        (
            "def run(x):\n    factor = 1.0\n    @tf.function\n    def f(v):\n"
            "        return v * factor\n    for factor in [1.0, 2.0]:\n        f(x)\n",
            "TF601",
        ),
        (MODULE + "m = M()\nm.bias += 5.0\n", "TF602"),
        (MODULE + "    def shift(self, b):\n        self.bias = b\n", "TF602"),
        (
            MODULE + "@tf.function\ndef predict(model, x):\n    return model.bias * x\n"
            "def adjust(m):\n    m.bias = 3.0\n",
            "TF602",
        ),
    ],
)
def test_stale_capture_finding(source, rule):
    found = rule_ids("import tensorflow as tf\n" + source, ["TF6"])
    assert found and set(found) == {rule}


@pytest.mark.parametrize(
    "source",
    [
        # bound once
        APPLY + "apply(1.0)\n",
        # a forward reference: bound after the def but before any call
        "@tf.function\ndef apply(x):\n    return x * scale\nscale = 2.0\napply(1.0)\n",
        # rebound, but the function is not used after the rebinding
        APPLY + "apply(1.0)\nscale = 2.0\n",
        # a tf.Variable updated with assign
        "scale = tf.Variable(1.0)\n@tf.function\ndef apply(x):\n    return x * scale\n"
        "def set_scale(v):\n    scale.assign(v)\n",
        # a local of the trace shadows the global
        "scale = 1.0\n@tf.function\ndef g(x):\n    scale = 3.0\n    return x * scale\n"
        "def set_scale(v):\n    global scale\n    scale = v\n",
        # a function defined in a loop captures the current value each iteration
        "def run(xs):\n    for s in xs:\n        @tf.function\n        def f(v):\n"
        "            return v * s\n        f(1.0)\n",
        # attributes set up in __init__ only
        MODULE + "m = M()\nm(1.0)\n",
        # a variable attribute changed with assign_add
        "class M(tf.Module):\n    def __init__(self):\n        self.bias = tf.Variable(0.0)\n"
        "    @tf.function\n    def __call__(self, x):\n        return x + self.bias\n"
        "m = M()\nm.bias.assign_add(5.0)\n",
        # attribute replaced by an object (a layer, a variable): not a plain Python value
        MODULE + "    def reset(self):\n        self.bias = tf.Variable(0.0)\n",
        # mutation from inside traced code is TF202's finding
        MODULE + "    @tf.function\n    def bump(self):\n        self.bias += 1.0\n",
    ],
)
def test_no_stale_capture_finding(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF6"]) == []


def test_compile_after_the_change_rebuilds_the_train_function():
    """Keras's compile() drops the traced train function: the next fit traces anew."""
    source = """
        import tensorflow as tf

        class Weighted(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.loss_weight = 1.0

            def train_step(self, data):
                return {"loss": self.loss_weight * tf.ones([])}

        model = Weighted()
        for weight in (1.0, 2.0):
            model.loss_weight = weight
            model.compile(optimizer="sgd")
            model.fit(data)
        """
    assert rule_ids(source, ["TF602"]) == []
    assert rule_ids(source.replace('model.compile(optimizer="sgd")', "pass"), ["TF602"]) == [
        "TF602"
    ]


LAZY = """import tensorflow as tf

TABLE = None


def _populate_table():
    global TABLE
    {guard}
        TABLE = tf.constant([0, 2, 4, 6])
    return TABLE


@tf.function
def decode(x):
    return tf.gather(TABLE, x)


def load(xs):
    ds = tf.data.Dataset.from_tensor_slices(xs).map(decode)
    _populate_table()
    return ds
"""


def test_a_global_set_only_while_unset_is_initialised_once_not_stale():
    """`if TABLE is None: TABLE = ...` sets the global once (lazy initialisation): that it runs
    after a trace is unproven, so TF601 needs --preview; a setter without the guard that the
    module calls after a use still changes the value under the graph."""
    [stale] = [d for d in lint(LAZY.format(guard="if True:"), ["TF601"])]
    assert stale.line == 15 and not stale.preview
    for guard in ("if TABLE is None:", "if not TABLE:"):
        [lazy] = lint(LAZY.format(guard=guard), ["TF601"])
        assert lazy.line == 15 and lazy.preview
        assert lazy.evidence.gap.startswith("`TABLE` is set only while unset")


CONFIGURED_AT_START_UP = """\
import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--dropout", type=float, default=0.1)
args = parser.parse_args()
args.temperature = 1.0


class Classifier(tf.keras.Model):
    def __init__(self, config):
        super().__init__()
        self.dense = tf.keras.layers.Dense(10)
        self.dropout = config.dropout
        self.temperature = config.temperature

    def call(self, x, training=False):
        x = self.dense(x)
        if training:
            x = tf.nn.dropout(x, rate=self.dropout)
        return x / self.temperature


def main():
    args.dropout = 0.3
    model = Classifier(args)
    model.compile(optimizer="adam", loss="mse")
    return model


if __name__ == "__main__":
    main()
"""


def test_a_config_set_at_start_up_and_copied_in_init_is_not_stale():
    # `args.temperature` at import time and `args.dropout` in main() before the model is built:
    # __init__ copies the values the first trace then reads
    assert rule_ids(CONFIGURED_AT_START_UP, ["TF602"]) == []


def test_a_change_after_the_model_exists_is_still_stale():
    # (after compile: compile would drop the traced train function)
    after = CONFIGURED_AT_START_UP.replace(
        "    return model\n", "    model.dropout = 0.3\n    return model\n"
    )
    assert rule_ids(after, ["TF602"]) == ["TF602"]


ANNEALED = """
import keras

kl_weight = 0.0


def vae_loss(y_true, y_pred):
    return kl_weight * keras.ops.mean(keras.ops.square(y_true - y_pred))


class Anneal(keras.callbacks.Callback):
    def HOOK(self, *args, **kwargs):
        global kl_weight
        kl_weight = min(1.0, kl_weight + 0.25)


model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=vae_loss)
"""


@pytest.mark.parametrize(
    "hook, preview",
    [
        # checked under TF 2.21: the loss stays 0.0 over 4 epochs (the value seen while tracing)
        ("on_epoch_end", False),
        ("on_train_batch_begin", False),
        # before the first train step: it may well set the value the first trace sees
        ("on_train_begin", True),
        ("anneal", True),  # not a hook: nothing shows when it runs
    ],
)
def test_a_global_rebound_by_a_keras_callback_hook_is_stale_in_the_compiled_loss(hook, preview):
    (d,) = lint(ANNEALED.replace("HOOK", hook), ["TF601"])
    assert d.rule == "TF601" and d.preview == preview
    assert f"rebound in `Anneal.{hook}`" in d.message


@pytest.mark.parametrize("name", state_forms("TF601", "TF602"))
def test_a_stale_capture_form_confirmed_under_tensorflow_is_reported(name):
    """Attributes set in a loop that calls the traced reader, changed through another object
    or by a Keras callback (on the model, or its own attribute a compiled loss reads),
    `self.step += 1` in the trace itself, len() of a growing list, a Lambda layer's global."""
    check_state_form(name)


@pytest.mark.parametrize(
    "source",
    [
        # a value read from a static shape: a new shape of the argument retraces anyway
        "class T:\n    def __init__(self):\n        self.shape = None\n"
        "    @tf.function\n    def step(self, x):\n        return tf.zeros(self.shape)\n"
        "    def run(self, batches):\n        for x in batches:\n"
        "            self.shape = [x.shape[0], 1]\n            self.step(x)\n",
        # start-up configuration in a loop before anything is built, then copied in
        "import argparse\nargs = argparse.Namespace()\nfor key in ('lr',):\n    args.lr = 0.5\n"
        "class T:\n    def __init__(self, args):\n        self.lr = args.lr\n"
        "    @tf.function\n    def step(self, x):\n        return x * self.lr\n"
        "t = T(args)\nt.step(1.0)\n",
        # a step counted in the trace but never read there
        "class T:\n    def __init__(self):\n        self.traces = 0\n"
        "    @tf.function\n    def step(self, x):\n        self.traces += 1\n        return x\n",
        # the list grows only in __init__
        "class T:\n    def __init__(self):\n        self.items = []\n        self.items.append(1)\n"
        "    @tf.function\n    def step(self, x):\n        return x * len(self.items)\n",
        # a callback setting the model's attribute before training starts
        "class M(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        "        self.alpha = 1.0\n    def train_step(self, data):\n        return {'a': self.alpha}\n"
        "class C(tf.keras.callbacks.Callback):\n    def on_train_begin(self, logs=None):\n"
        "        self.model.alpha = 0.5\n",
        # a Lambda layer's default argument fixes the value when the layer is built
        "INDEX = 0\nlayer = tf.keras.layers.Lambda(lambda t, i=INDEX: t[:, i])\nINDEX = 1\n",
        # a Lambda layer built anew by each call of a builder reads the value of that call
        "INDEX = 0\ndef build():\n    return tf.keras.layers.Lambda(lambda t: t[:, INDEX])\n"
        "for INDEX in range(3):\n    build()\n",
        # a learning-rate callable whose global is never rebound, or whose optimizer is
        # applied only eagerly (Keras calls it on every step)
        "LR = 0.1\ndef lr():\n    return LR\nopt = tf.keras.optimizers.SGD(learning_rate=lr)\n"
        "v = tf.Variable(1.0)\n@tf.function\ndef step():\n"
        "    opt.apply_gradients([(tf.constant(1.0), v)])\nstep()\n",
        "LR = 0.1\ndef lr():\n    return LR\nopt = tf.keras.optimizers.SGD(learning_rate=lr)\n"
        "v = tf.Variable(1.0)\ndef step():\n    opt.apply_gradients([(tf.constant(1.0), v)])\n"
        "for _ in range(3):\n    step()\n    LR = LR / 2\n",
        # an object's method called in traced code: its value is not read
        "class T:\n    def __init__(self):\n        self.log = []\n"
        "    @tf.function\n    def step(self, x):\n        self.log.append(1)\n        return x\n"
        "t = T()\nfor _ in range(2):\n    t.log = []\n    t.step(1.0)\n",
    ],
)
def test_no_stale_capture_finding_in_these_widened_forms(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF6"]) == []


def test_a_lambda_layer_global_rebound_with_no_later_run_is_preview_only():
    """Nothing after the rebinding runs the model: no later trace is shown to read the value."""
    source = (
        "import tensorflow as tf\nINDEX = 0\n"
        "layer = tf.keras.layers.Lambda(lambda t: t[:, INDEX])\nINDEX = 1\n"
    )
    found = lint(source, ["TF601"])
    assert [d.rule for d in found] == ["TF601"] and found[0].preview
    assert "runs (and traces) after" in found[0].evidence.gap


def test_an_attribute_set_before_each_dataset_map_is_read_by_a_new_trace():
    """tf.data traces a function each time a transformation is built: setting the attribute
    before each `map` is seen by that map's own trace."""
    source = (
        "import tensorflow as tf\nclass Packer:\n    def __init__(self):\n"
        "        self.size = None\n    def _fn(self, x):\n        return x * self.size\n"
        "    def pack(self, ds, size):\n        self.size = size\n        return ds.map(self._fn)\n"
        "def run(ds):\n    Packer().pack(ds, 2)\n    Packer().pack(ds, 3)\n"
    )
    assert [d.rule for d in lint(source, ["TF602"]) if not d.preview] == []


RETUNED = """
import tensorflow as tf

model = tf.keras.Sequential(
    [tf.keras.Input((4,)), tf.keras.layers.Dense(8), tf.keras.layers.Dropout(0.5, name="drop")]
)
model.compile(optimizer="adam", loss="mse")
model.fit(features, targets, epochs=2)
{change}
model.fit(features, targets, epochs=2)
"""


@pytest.mark.parametrize(
    "change",
    [
        "for layer in model.layers:\n    layer.rate = 0.1",
        'model.get_layer("drop").rate = 0.1',
        "model.layers[1].rate = 0.1",
        "model.layers[1].rate *= 0.5",
    ],
)
def test_a_layer_attribute_changed_between_fits_is_a_stale_capture(change):
    found = lint(RETUNED.format(change=change), ["TF603"])
    assert [(d.rule, d.category, d.preview) for d in found] == [("TF603", "stale-capture", False)]
    assert "`model` is compiled here" in found[0].evidence.value[0].message


@pytest.mark.parametrize(
    "change",
    [
        # compiled again: Keras traces a new train step that reads the new rate
        "model.layers[1].rate = 0.1\nmodel.compile(optimizer='adam', loss='mse')",
        # the model's own attributes, and the optimizer's learning rate (a variable)
        "model.stop_training = False",
        "model.optimizer.learning_rate = 0.001",
        # TF921's
        "model.layers[0].trainable = False",
    ],
)
def test_changes_the_next_fit_sees_are_not_stale_captures(change):
    assert rule_ids(RETUNED.format(change=change), ["TF603"]) == []


def test_a_change_before_the_first_fit_is_read_by_its_trace():
    source = RETUNED.replace("model.fit(features, targets, epochs=2)\n", "", 1)
    assert rule_ids(source.format(change="model.layers[1].rate = 0.1"), ["TF603"]) == []


# TF604: a seeded random op in a function tf.data traces.
NOISE = """
import tensorflow as tf
{seed}

def add_noise(x):
    return x + {op}


dataset = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(add_noise){tail}
"""


@pytest.mark.parametrize(
    ("seed", "op", "tail", "expected"),
    [
        ("tf.random.set_seed(42)", "tf.random.normal([])", "", ["TF604"]),
        ("import keras\nkeras.utils.set_random_seed(1)", "tf.random.uniform([])", "", ["TF604"]),
        ("", "tf.random.uniform([], seed=3)", ".batch(2)", ["TF604"]),
        ("tf.random.set_seed(42)", "tf.image.random_flip_left_right(x)", "", ["TF604"]),
        # no seed: TensorFlow draws fresh seeds for each pass
        ("", "tf.random.normal([])", "", []),
        # one iterator carries the sequence on across epochs
        ("tf.random.set_seed(42)", "tf.random.normal([])", ".repeat()", []),
        # a stateless op takes its seed as an argument on purpose
        ("tf.random.set_seed(42)", "tf.random.stateless_normal([], seed=[1, 2])", "", []),
        # numpy's seed is not TensorFlow's
        ("import numpy as np\nnp.random.seed(0)", "tf.random.normal([])", "", []),
    ],
)
def test_seeded_random_op_in_dataset_map(seed, op, tail, expected):
    source = NOISE.format(seed=seed, op=op, tail=tail)
    assert rule_ids(source, ["TF604"]) == expected


SHARED_PREPROCESS = """
import tensorflow as tf
tf.random.set_seed(1)

def preprocess(image, mode):
    if mode == "train":
        image = tf.image.random_flip_left_right(image)
    return image

{pipelines}
"""


@pytest.mark.parametrize(
    ("pipelines", "expected"),
    [
        # one pipeline repeats it: the lambda that calls the function is what map is handed
        (
            "valid = images.map(lambda x: preprocess(x, 'eval'))\n"
            "train = images.map(lambda x: preprocess(x, 'train')).shuffle(100).repeat()\n",
            [],
        ),
        # mapped after a repeat: one iterator runs the function for every repetition
        (
            "shown = images.take(2).repeat(5)\nshown = shown.map(lambda x: preprocess(x, 'train'))\n",
            [],
        ),
        ("train = images.map(lambda x: preprocess(x, 'train')).batch(8)\n", ["TF604"]),
    ],
)
def test_seeded_op_in_a_function_the_pipelines_call(pipelines, expected):
    source = SHARED_PREPROCESS.format(pipelines=pipelines).replace(
        "images", "tf.data.Dataset.range(4)"
    )
    assert rule_ids(source, ["TF604"]) == expected


def test_a_seeded_op_outside_tf_data_is_not_this_rule():
    source = (
        "import tensorflow as tf\ntf.random.set_seed(1)\n@tf.function\n"
        "def step(x):\n    return x + tf.random.normal([])\n"
    )
    assert rule_ids(source, ["TF604"]) == []


ANNEAL = """
import tensorflow as tf


class AnnealedKL(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.step = 0

    def call(self, kl):
        self.step += 1
        weight = min(1.0, self.step / 1000)
{shown}        return weight * kl
"""


def test_a_counter_read_in_a_computation_is_left_to_tf202_when_it_reports_the_increment():
    # shown in a test, TF202 reports the increment; the computing read is not a second finding
    source = ANNEAL.format(shown="        if self.step % 100 == 0:\n            tf.print(weight)\n")
    found = [(d.rule, d.line) for d in lint(source, ["TF202", "TF602"]) if not d.preview]
    assert ("TF202", 11) in found
    assert ("TF602", 12) not in found
    # the read in the test is where every call shows the same count: TF602's
    assert ("TF602", 13) in found


def test_a_counter_only_computed_with_is_tf602s_at_the_read():
    found = [(d.rule, d.line) for d in lint(ANNEAL.format(shown=""), ["TF202", "TF602"])]
    assert ("TF602", 12) in found


# TF605: a random augmentation mapped before `Dataset.cache()`.
CACHED = """
import tensorflow as tf

flip = tf.keras.Sequential([tf.keras.layers.RandomFlip("horizontal")])
generator = tf.random.Generator.from_seed(1)


def load(image):
    return tf.image.resize(image, (8, 8))


def augment(image):
    return tf.image.random_flip_left_right(image)


def noisy(image):
    return image + generator.normal(tf.shape(image))


def pipeline(helper):
    return helper(load(image))


ds = tf.data.Dataset.from_tensor_slices(tf.zeros((4, 9, 9, 3)))
"""


@pytest.mark.parametrize(
    ("pipeline", "expected"),
    [
        ("train = ds.map(load).map(augment).cache().batch(2)\n", ["TF605"]),
        ("train = ds.map(augment)\ntrain = train.shuffle(4)\ntrain = train.cache()\n", ["TF605"]),
        ("train = ds.map(lambda x: augment(load(x))).cache()\n", ["TF605"]),  # a helper's draw
        ("train = ds.map(lambda x: flip(x, training=True)).cache()\n", ["TF605"]),  # Keras layer
        ("train = ds.map(noisy).cache()\n", ["TF605"]),  # a tf.random.Generator's draw
        ("train = ds.map(load).cache().map(augment)\n", []),  # augmented after the cache
        ("train = ds.map(augment).batch(2)\n", []),  # no cache: drawn anew each epoch
        ("train = ds.map(load).cache()\n", []),  # nothing random before the cache
        ("train = ds.shuffle(4).batch(2).cache()\n", ["TF605"]),  # the first order replayed
        ("train = ds.cache().shuffle(4).batch(2)\n", []),
        ("train = ds.shuffle(4, reshuffle_each_iteration=False).cache()\n", []),  # one order
    ],
)
def test_random_map_before_cache(pipeline, expected):
    assert rule_ids(CACHED + pipeline, ["TF605"]) == expected


def test_random_map_before_cache_spans_the_chain_and_points_at_the_map_apart():
    chained = lint(CACHED + "train = (\n    ds.map(augment)\n    .cache()\n)\n", ["TF605"])
    apart = lint(CACHED + "train = ds.map(augment)\ntrain = train.cache()\n", ["TF605"])
    last = CACHED.count("\n") + 1
    assert [(d.line, d.end_line) for d in chained] == [(last + 1, last + 2)]
    assert [d.line for d in apart] == [last]


# TF601 through Keras-traced code: a layer's `call` reads a global the script flips between two
# runs of the same Keras loop (tests/data/state_forms/global_flag_read_in_layer_call).
FLAG_LAYER = (
    "import numpy as np\nimport tensorflow as tf\nTRAINING = True\n"
    "class Branch(tf.keras.layers.Layer):\n    def call(self, x):\n"
    "        return x * 2.0 if TRAINING else x\n"
    "inputs = tf.keras.Input((4,))\nmodel = tf.keras.Model(inputs, Branch()(inputs))\n"
)


@pytest.mark.parametrize(
    "runs",
    [
        "model.predict(x)\nTRAINING = False\nmodel.predict(x)\n",
        "model.compile('adam', 'mse')\nmodel.fit(x, y)\nTRAINING = False\nmodel.fit(x, y)\n",
        # flipped in a loop that predicts: every iteration after the first reuses the trace
        "for flag in (True, False, True):\n    TRAINING = flag\n    model.predict(x)\n",
    ],
)
def test_a_global_read_by_a_keras_traced_call_and_flipped_between_runs(runs):
    assert rule_ids(FLAG_LAYER + runs, ["TF601"]) == ["TF601"]


@pytest.mark.parametrize(
    "runs",
    [
        # predict traces its own function after the flip: it reads the new value
        "model.compile('adam', 'mse')\nmodel.fit(x, y)\nTRAINING = False\nmodel.predict(x)\n",
        # compile drops the traced functions: the next predict traces anew
        "model.predict(x)\nTRAINING = False\nmodel.compile('adam', 'mse')\nmodel.predict(x)\n",
        # set before anything runs the model
        "TRAINING = False\nmodel.predict(x)\nmodel.predict(x)\n",
    ],
)
def test_a_global_read_by_a_keras_traced_call_seen_by_each_trace(runs):
    assert rule_ids(FLAG_LAYER + runs, ["TF601"]) == []


# TF601: an item of a global list or dict read by code Keras traces, changed in place by a
# callback hook (loss weights rescheduled between epochs; the tf.function guide: Python values
# are captured at trace time). Checked under TF 2.21 below: the loss keeps the first weight.
IN_PLACE = """
import numpy as np
import tensorflow as tf

loss_weights = {weights}

def combined_loss(y_true, y_pred):
    return loss_weights[{key}] * tf.reduce_mean(tf.abs(y_true - y_pred))

class Reweight(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        loss_weights[{key}] = {value}

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", loss=combined_loss)
"""


@pytest.mark.parametrize(
    ("weights", "key", "value", "found"),
    [
        ("[1.0, 0.5]", "0", "1.0 - epoch / 10", [8]),
        ('{"mae": 1.0}', '"mae"', "max(0.1, 0.5 ** epoch)", [8]),
        # a tensor put in the slot: not a Python number baked into the graph
        ("[1.0, 0.5]", "0", "tf.Variable(0.5)", []),
    ],
)
def test_a_global_item_changed_in_place_by_a_callback_hook(weights, key, value, found):
    source = IN_PLACE.format(weights=weights, key=key, value=value)
    diagnostics = [d for d in lint(source, ["TF601"]) if "in place" in d.message]
    assert [d.line for d in diagnostics] == found


def test_a_global_item_changed_in_another_slot_is_not_reported():
    source = IN_PLACE.format(weights="[1.0, 0.5]", key="0", value="0.0").replace(
        "loss_weights[0] = 0.0", "loss_weights[1] = 0.0"
    )
    assert [d for d in lint(source, ["TF601"]) if "in place" in d.message] == []


@pytest.mark.tensorflow
def test_a_global_item_changed_by_a_hook_is_stale_in_the_traced_loss_under_tensorflow():
    import numpy as np

    source = IN_PLACE.format(weights="[1.0]", key="0", value="0.0").replace(
        "tf.keras.layers.Dense(1)", "tf.keras.layers.Dense(1, kernel_initializer='ones')"
    )
    namespace: dict = {}
    exec(compile(source, "in_place.py", "exec"), namespace)
    history = namespace["model"].fit(
        np.ones((4, 3)),
        np.zeros((4, 1)),
        epochs=3,
        verbose=0,
        callbacks=[namespace["Reweight"]()],
    )
    # the hook set the weight to 0 after the first epoch; the traced loss still uses 1.0
    assert namespace["loss_weights"][0] == 0.0
    assert min(history.history["loss"][1:]) > 1.0


FACTORY = """
import tensorflow as tf

def make_loss(weights):
    def loss(y_true, y_pred):
        return weights["rec"] * tf.reduce_mean(tf.square(y_true - y_pred))
    return loss

weights = {{"rec": 1.0}}
other = {{"rec": 1.0}}

class Anneal(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        weights["rec"] = 0.5 ** epoch

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("adam", loss=make_loss({passed}))
"""


@pytest.mark.parametrize(("passed", "found"), [("weights", [6]), ("other", [])])
def test_a_global_dict_passed_to_a_loss_factory_and_changed_by_a_hook(passed, found):
    diagnostics = lint(FACTORY.format(passed=passed), ["TF601"])
    assert [d.line for d in diagnostics if "in place" in d.message] == found


# The callback is handed the weights' list and keeps it on `self` (checked under TF 2.21 /
# Keras 3: a hook that sets the weight to 0 leaves the loss of every epoch at its first value).
HELD = """
import tensorflow as tf

def make_loss(weights):
    def loss(y_true, y_pred):
        return weights[0] * tf.reduce_mean(tf.square(y_true - y_pred))
    return loss

loss_weights = [1.0]
other = [1.0]

class Anneal(tf.keras.callbacks.Callback):
    def __init__(self, weights):
        super().__init__()
        self.weights_ref = weights

    def on_epoch_begin(self, epoch, logs=None):
        self.weights_ref[0] = 0.5 ** epoch

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("adam", loss=make_loss(loss_weights))
model.fit(tf.ones((4, 3)), tf.zeros((4, 1)), epochs=3, callbacks=[Anneal({given})])
"""


@pytest.mark.parametrize(("given", "found"), [("loss_weights", [6]), ("other", [])])
def test_a_global_list_a_callback_keeps_on_self_and_changes_in_place(given, found):
    diagnostics = lint(HELD.format(given=given), ["TF601"])
    assert [d.line for d in diagnostics if "in place" in d.message] == found


# TF606: a closure made in a loop, kept past the iteration, reads the loop variable late.
@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "import tensorflow as tf\nfns = [tf.sin, tf.cos]\n@tf.function\ndef pick(i, x):\n"
            "    pairs = [(tf.equal(i, k), lambda: fns[k](x)) for k in range(2)]\n"
            "    return tf.case(pairs)\n",
            ["TF606"],
        ),
        (
            "import keras\ninputs = keras.Input((4, 2))\nsteps = []\nfor t in range(4):\n"
            "    steps.append(keras.layers.Lambda(lambda x: x[:, t, :])(inputs))\n",
            ["TF606"],
        ),
        (
            "import tensorflow as tf\nbranches = []\nfor k in range(3):\n"
            "    def branch():\n        return tf.constant(k)\n    branches.append(branch)\n",
            ["TF606"],
        ),
        # bound as a default: each lambda keeps its own value
        (
            "import keras\ninputs = keras.Input((4, 2))\nfor t in range(4):\n"
            "    keras.layers.Lambda(lambda x, t=t: x[:, t, :])(inputs)\n",
            [],
        ),
        # run within the iteration: tf.cond calls its branches there
        (
            "import tensorflow as tf\n@tf.function\ndef f(x):\n    out = []\n"
            "    for k in range(3):\n"
            "        out.append(tf.cond(x > k, lambda: x * k, lambda: x))\n    return out\n",
            [],
        ),
        # the attribute `k` is no read of the loop variable
        (
            "import tensorflow as tf\nfs = []\nfor k in range(3):\n"
            "    fs.append(lambda cfg: cfg.k)\n",
            [],
        ),
    ],
)
def test_loop_variable_read_late_by_a_kept_closure(source, expected):
    assert rule_ids(source, ["TF606"]) == expected


LAYER_ANNEALED = """
import tensorflow as tf
import keras


class Noisy(keras.layers.Layer):
    def __init__(self):
        super().__init__(name="noisy")
        self.rate = 0.5

    def call(self, x):
        return x + self.rate * tf.random.normal(tf.shape(x))


class Anneal(keras.callbacks.Callback):
    def HOOK(self, epoch, logs=None):
        CHANGE


model = keras.Sequential([keras.Input((3,)), Noisy(), keras.layers.Dense(1)])
model.compile("sgd", "mse")
model.fit(tf.ones([8, 3]), tf.ones([8, 1]), epochs=3, callbacks=[Anneal()])
"""


@pytest.mark.parametrize(
    "hook, change, found",
    [
        # checked under TF 2.21 / Keras 3.15 (tf2lint's proof in the docs38 notes): a layer
        # attribute set to 0.0 in on_epoch_end leaves fit's traced step computing with 1.0
        ("on_epoch_end", "self.model.layers[0].rate *= 0.5", True),
        ("on_epoch_begin", 'self.model.get_layer("noisy").rate = 0.1 * epoch', True),
        (
            "on_epoch_begin",
            'layer = self.model.get_layer("noisy")\n        layer.rate = 0.5 / (epoch + 1)',
            True,
        ),
        # before the first train step: the first trace reads the value it sets
        ("on_train_begin", "self.model.layers[0].rate = 0.1", False),
    ],
)
def test_a_layer_attribute_a_callback_hook_changes_is_stale_in_the_traced_step(hook, change, found):
    source = LAYER_ANNEALED.replace("HOOK", hook).replace("CHANGE", change)
    shown = [(d.rule, d.line) for d in lint(source, ["TF602"]) if not d.preview]
    assert shown == ([("TF602", 12)] if found else [])


VAE_HEAD = (
    "import numpy as np\nimport tensorflow as tf\nimport keras\n"
    "inputs = keras.Input((8,))\nz_mean = keras.layers.Dense(2)(inputs)\n"
    "z_log_var = keras.layers.Dense(2)(inputs)\n"
)


@pytest.mark.parametrize(
    "source, expected",
    [
        ("z = z_mean + tf.random.normal((1, 2))\n", ["TF607"]),
        ("eps = keras.random.normal((2,))\nz = z_mean + eps * 0.1\n", ["TF607"]),
        ("eps = keras.random.normal((2,))\nz = eps + z_mean\n", ["TF607"]),
        # the shape from the Keras tensor: a failure for another rule, not a fixed draw
        ("z = z_mean + keras.random.normal(keras.ops.shape(z_mean))\n", []),
        # drawn in a layer's call, or in a Lambda: a fresh draw per call
        (
            "class Sampling(keras.layers.Layer):\n    def call(self, inputs):\n"
            "        z_mean, z_log_var = inputs\n"
            "        return z_mean + tf.random.normal(tf.shape(z_mean))\n"
            "z = Sampling()([z_mean, z_log_var])\n"
            "w = keras.layers.Lambda(lambda t: t + tf.random.normal((1, 2)))(z_mean)\n",
            [],
        ),
        # handed to a merge layer, a Keras op or a Lambda beside a Keras tensor
        ("eps = tf.random.normal((1, 2))\nz = keras.layers.Add()([z_mean, eps])\n", ["TF607"]),
        ("z = keras.ops.add(z_mean, keras.random.normal((1, 2)))\n", ["TF607"]),
        (
            "eps = tf.random.normal((1, 2))\n"
            "z = keras.layers.Lambda(lambda t: t[0] + t[1] * t[2])([z_mean, z_log_var, eps])\n",
            ["TF607"],
        ),
        (
            "from tensorflow import keras as tk\nz = z_mean + tk.random.uniform((1, 2))\n",
            ["TF607"],
        ),
        # a Lambda closing over a draw made while the model is built
        (
            "eps = tf.random.normal((1, 2))\nz = keras.layers.Lambda(lambda t: t + eps)(z_mean)\n",
            ["TF607"],
        ),
        # plain eager arithmetic on tensors, no model being built
        ("x = tf.ones((2, 2)) + tf.random.normal((2, 2))\n", []),
    ],
)
def test_random_tensor_drawn_at_model_build(source, expected):
    assert rule_ids(VAE_HEAD + source, ["TF607"]) == expected

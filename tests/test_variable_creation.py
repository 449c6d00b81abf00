"""TF401: variables and stateful Keras objects created inside traced code."""

from __future__ import annotations

import pytest

from conftest import check_state_form, lint, rule_ids, state_forms


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


# TF499: a new optimizer per call of a tf.function that applies it (checked under TF 2.21: the
# second call fails, "tf.function only supports singleton tf.Variables created on the first call").
STEP = (
    "import keras\nimport tensorflow as tf\nw = tf.Variable(1.0)\n"
    "@tf.function\ndef step(opt, x):\n"
    "    with tf.GradientTape() as tape:\n        loss = w * x\n"
    "    opt.apply_gradients([(tape.gradient(loss, w), w)])\n    return loss\n"
)


@pytest.mark.parametrize(
    "driver",
    [
        "for epoch in range(3):\n    step(keras.optimizers.Adam(), tf.constant(1.0))\n",
        "for epoch in range(3):\n    opt = tf.keras.optimizers.SGD(0.1)\n"
        "    step(opt, tf.constant(1.0))\n",
        "def run_epoch(x):\n    step(keras.optimizers.Adam(), x)\n"
        "for epoch in range(3):\n    run_epoch(tf.constant(1.0))\n",
        "while True:\n    step(x=tf.constant(1.0), opt=keras.optimizers.RMSprop())\n",
    ],
)
def test_a_fresh_optimizer_per_call_of_a_tf_function_that_applies_it(driver):
    (d,) = lint(STEP + driver, ["TF499"])
    assert d.rule == "TF499" and "new Keras optimizer is passed to `step`" in d.message


@pytest.mark.parametrize(
    "driver",
    [
        # one optimizer for the run
        "opt = keras.optimizers.Adam()\nfor epoch in range(3):\n    step(opt, tf.constant(1.0))\n",
        # called once
        "step(keras.optimizers.Adam(), tf.constant(1.0))\n",
        "def main():\n    step(keras.optimizers.Adam(), tf.constant(1.0))\n",
        # built eagerly before the call: the trace creates no variable (run under TF 2.21)
        "for trial in range(3):\n    opt = keras.optimizers.Adam()\n    opt.build([w])\n"
        "    step(opt, tf.constant(1.0))\n",
        # a new tf.function for each new optimizer
        "def trial(x):\n    opt = keras.optimizers.Adam()\n    @tf.function\n"
        "    def fresh(o, v):\n        with tf.GradientTape() as tape:\n            loss = w * v\n"
        "        o.apply_gradients([(tape.gradient(loss, w), w)])\n"
        "    fresh(opt, x)\nfor t in range(3):\n    trial(tf.constant(1.0))\n",
    ],
)
def test_no_fresh_optimizer_finding(driver):
    assert rule_ids(STEP + driver, ["TF499"]) == []


@pytest.mark.parametrize(
    ("optimizer", "fails"),
    [
        ("keras.optimizers.SGD(0.1)", False),
        ("keras.optimizers.SGD(0.1, 0.0)", False),
        ("keras.optimizers.SGD(0.1, momentum=0.9)", True),
        ("keras.optimizers.Adam()", True),
    ],
)
def test_a_fresh_optimizer_finding_claims_a_failure_only_for_one_with_slots(optimizer, fails):
    # Keras 3's plain SGD creates no variable when applied: a new trace per call, no failure
    driver = f"for epoch in range(3):\n    step({optimizer}, tf.constant(1.0))\n"
    (d,) = lint(STEP + driver, ["TF499"])
    assert ("creates its variables, which fails" in d.message) is fails
    assert ("graph is never reused" in d.message) is not fails


@pytest.mark.parametrize(
    ("driver", "found"),
    [
        # the tf.function guide's "Using with multiple Keras optimizers", shaped as a warm-up
        # schedule: checked under TF 2.21, the call with Adam raises "Creating variables on a
        # non-first call to a function decorated with tf.function"
        (
            "warmup = keras.optimizers.SGD(0.1)\nmain = keras.optimizers.Adam()\n"
            "for epoch in range(3):\n    opt = warmup if epoch == 0 else main\n"
            "    step(opt, tf.constant(1.0))\n",
            True,
        ),
        (
            "sgd = keras.optimizers.SGD(0.1)\nadam = keras.optimizers.Adam()\n"
            "for opt in (sgd, adam):\n    step(opt, tf.constant(1.0))\n",
            True,
        ),
        # the same optimizer whichever branch: one object, one trace
        (
            "adam = keras.optimizers.Adam()\nfor epoch in range(3):\n"
            "    opt = adam if epoch else adam\n    step(opt, tf.constant(1.0))\n",
            False,
        ),
        # Keras 3's plain SGD after Adam creates no variable
        (
            "adam = keras.optimizers.Adam()\nsgd = keras.optimizers.SGD(0.1)\n"
            "for opt in [adam, sgd]:\n    step(opt, tf.constant(1.0))\n",
            False,
        ),
    ],
)
def test_one_name_holding_two_optimizers_in_turn(driver, found):
    shown = [d.message for d in lint(STEP + driver, ["TF499"])]
    assert bool(shown) is found
    if found:
        assert "`opt` holds" in shown[0]


def test_keras3_plain_sgd_creates_no_variable_when_applied_and_the_others_do():
    # the fact TF499's message rests on, checked on the installed Keras
    import keras
    import tensorflow as tf

    def created(optimizer):
        w = tf.Variable([1.0, 2.0])
        before = len(optimizer.variables)
        optimizer.apply_gradients([(tf.ones([2]), w)])
        return len(optimizer.variables) - before

    assert created(keras.optimizers.SGD(0.1)) == 0
    assert created(keras.optimizers.SGD(0.1, momentum=0.9)) > 0
    assert created(keras.optimizers.Adam()) > 0


def test_an_optimizer_the_tf_function_does_not_apply_is_not_a_variable_finding():
    source = (
        "import keras\nimport tensorflow as tf\n@tf.function\ndef lr_of(opt, x):\n"
        "    return x * opt.learning_rate\n"
        "for epoch in range(3):\n    lr_of(keras.optimizers.Adam(), tf.constant(1.0))\n"
    )
    assert rule_ids(source, ["TF499"]) == []


def test_a_builder_called_in_a_compiled_loss_is_reported_at_the_call():
    # under TF 2.21 fit raises "tf.function only supports singleton tf.Variables created on the
    # first call" (tests/realworld/variable_model_built_in_loss): the call is the line to move
    source = (
        "import tensorflow as tf\n\n\n"
        "def feature_extractor():\n"
        "    inputs = tf.keras.Input((8,))\n"
        "    features = tf.keras.layers.Dense(4, trainable=False)(inputs)\n"
        "    return tf.keras.Model(inputs, features)\n\n\n"
        "def block(x):\n"
        "    return tf.keras.layers.Dense(4)(x)  # a layer's output: no builder\n\n\n"
        "def feature_loss(y_true, y_pred):\n"
        "    extractor = feature_extractor()\n"
        "    return tf.reduce_mean(tf.square(extractor(y_true) - block(y_pred)))\n\n\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(8)])\n"
        "model.compile(loss=feature_loss)\n"
    )
    found = lint(source, ["TF4"])
    assert [(d.rule, d.line) for d in found] == [("TF401", 11), ("TF401", 15)]
    assert "by `feature_extractor()`" in found[1].message


@pytest.mark.parametrize("name", state_forms("TF401", "TF499"))
def test_a_variable_creation_form_confirmed_under_tensorflow_is_reported(name):
    """A layer built by a lambda stored on self, a tf.Variable in a Lambda layer's function,
    add_weight in call, a network built in a loss a factory returns, a second optimizer (or
    one per call of a function called twice) through the same tf.function."""
    check_state_form(name)


@pytest.mark.parametrize(
    "source",
    [
        # add_weight in call behind a one-time guard, or in build
        "class L(tf.keras.layers.Layer):\n    def call(self, x):\n        if not self.built:\n"
        "            self.k = self.add_weight(shape=(1,))\n        return x * self.k\n",
        "class L(tf.keras.layers.Layer):\n    def build(self, shape):\n"
        "        self.k = self.add_weight(shape=(1,))\n    def call(self, x):\n"
        "        return x * self.k\n",
        # a lambda stored on self that only computes
        "class B(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
        "        self.act = lambda t: tf.nn.relu(t)\n    def call(self, x):\n        return self.act(x)\n",
        # a loss factory whose network is built once, by the factory
        "def make_loss():\n    net = tf.keras.Sequential([tf.keras.layers.Dense(2)])\n"
        "    def loss(y, p):\n        return tf.reduce_mean(net(y) - net(p))\n    return loss\n"
        "m = tf.keras.Sequential([tf.keras.layers.Dense(2)])\nm.compile(loss=make_loss())\n",
        # the same optimizer passed on every call
        "m = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n@tf.function\n"
        "def step(opt, x):\n    with tf.GradientTape() as t:\n        l = tf.reduce_sum(m(x))\n"
        "    opt.apply_gradients(zip(t.gradient(l, m.trainable_variables), m.trainable_variables))\n"
        "adam = tf.keras.optimizers.Adam()\nstep(adam, tf.ones((1, 1)))\nstep(adam, tf.ones((1, 1)))\n",
    ],
)
def test_no_variable_creation_finding_in_these_widened_forms(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF4"]) == []


def test_a_tf_function_model_builder_is_reported_once_at_its_head():
    # under TF 2.21 the first call raises TypeError: a tf.function returns tensors, not a
    # Sequential; the layers inside are not reported one by one
    source = (
        "import tensorflow as tf\n\n\n@tf.function\ndef build_model(n):\n"
        "    model = tf.keras.Sequential([tf.keras.layers.Dense(16), tf.keras.layers.Dense(1)])\n"
        "    model.compile(optimizer='adam', loss='mse')\n    return model\n"
    )
    (d,) = lint(source, ["TF401"])
    assert (d.line, d.end_line) == (4, 5) and "cannot return a Keras object" in d.message


def test_a_layer_class_of_the_module_with_weights_built_in_traced_code():
    source = (
        "import functools\nimport tensorflow as tf\n\n\n"
        "class Block(tf.keras.layers.Layer):\n    def __init__(self, n):\n"
        "        super().__init__()\n        self.conv = tf.keras.layers.Conv2D(n, 3)\n\n"
        "    def call(self, x):\n        return self.conv(x)\n\n\n"
        "class Scale(tf.keras.layers.Layer):\n    def call(self, x):\n        return x * 2.0\n\n\n"
        "@functools.partial(tf.function, jit_compile=True)\ndef forward(x):\n"
        "    return Scale()(Block(8)(x))\n"
    )
    (d,) = lint(source, ["TF401"])
    assert d.line == 21 and "`Block`" in d.message  # Scale has no weights


def test_a_tf_function_model_builder_fails_under_tensorflow():
    # the claim of TF401's finding at a decorated builder, run under the installed TensorFlow
    import tensorflow as tf

    @tf.function
    def build_model():
        model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        model.compile(optimizer="adam", loss="mse")
        return model

    with pytest.raises(TypeError, match="must return zero or more Tensors"):
        build_model()


def test_a_layer_from_a_star_import_of_keras_layers_is_known():
    # `from tensorflow.keras.layers import *` binds `Dense` without naming it: the knowledge
    # base knows `tensorflow.keras.layers.Dense`, and a name the module binds itself wins
    source = (
        "import tensorflow as tf\nfrom tensorflow.keras.layers import *\n\n\n"
        "@tf.function\ndef head(x):\n    return Dense(3)(x)\n\n\n"
        "def Flatten(x):\n    return x\n\n\n@tf.function\ndef flat(x):\n"
        "    return Flatten(x)\n"
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF401"])] == [("TF401", 7)]


# --- code Keras traces without the user calling it (issue 28, dev-keras32) -------------------

KERAS_CODE = "import tensorflow as tf\nfrom tensorflow import keras\n\n\n"


@pytest.mark.parametrize(
    "body, expected",
    [
        # an optimizer's update_step runs in the train step's apply_gradients
        (
            "class MasterSGD(keras.optimizers.SGD):\n"
            "    def update_step(self, gradient, variable, learning_rate):\n"
            "        master = tf.Variable(tf.cast(variable, tf.float32))\n"
            "        variable.assign(master - learning_rate * gradient)\n",
            ["TF401"],
        ),
        # a layer's activation function runs in the layer's traced call
        (
            "def random_relu(x):\n    noise = tf.Variable(tf.random.uniform(tf.shape(x)))\n"
            "    return tf.nn.relu(x) * noise\n\n\n"
            "layer = keras.layers.Dense(4, activation=random_relu)\n",
            ["TF401"],
        ),
        # the optimizer's state made once, in build (not traced)
        (
            "class MasterSGD(keras.optimizers.SGD):\n"
            "    def build(self, var_list):\n        super().build(var_list)\n"
            "        self.masters = [tf.Variable(v) for v in var_list]\n",
            [],
        ),
        # an activation function of the module's that a layer of its own takes as a setting
        (
            "def random_relu(x):\n    return tf.Variable(x)\n\n\n"
            "class Mine:\n    def __init__(self, activation):\n        self.activation = activation\n\n\n"
            "mine = Mine(activation=random_relu)\n",
            [],
        ),
    ],
)
def test_variable_created_where_keras_traces(body, expected):
    assert rule_ids(KERAS_CODE + body, ["TF401"]) == expected


# TF406: a variable that a Lambda layer's function reads is not among the model's weights.
LAMBDA_HEADER = "import tensorflow as tf\nimport keras\n"


@pytest.mark.parametrize(
    "source, expected",
    [
        # the guide's own example (tf.keras.layers.Lambda, TF 2.x docs): never trained
        (
            "scale = tf.Variable(1.0)\nlayer = keras.layers.Lambda(lambda x: x * scale)\n",
            ["TF406"],
        ),
        # a named function given to the Lambda reads it the same way
        (
            "bias = tf.Variable(tf.zeros([3]))\ndef shift(x):\n    return x + bias\n"
            "layer = keras.layers.Lambda(shift)\n",
            ["TF406"],
        ),
        # not meant to train: trainable=False
        (
            "step = tf.Variable(0.0, trainable=False)\n"
            "layer = keras.layers.Lambda(lambda x: x * step)\n",
            [],
        ),
        # a constant, a Python float, and a layer's own weight are not untracked variables
        ("scale = tf.constant(2.0)\nlayer = keras.layers.Lambda(lambda x: x * scale)\n", []),
        ("scale = 2.0\nlayer = keras.layers.Lambda(lambda x: x * scale)\n", []),
        (
            "dense = keras.layers.Dense(3)\ndense.build((None, 3))\n"
            "layer = keras.layers.Lambda(lambda x: x * dense.kernel[0])\n",
            [],
        ),
        # a variable the function creates is TF401's finding, not this one
        ("layer = keras.layers.Lambda(lambda x: x * tf.Variable(1.0))\n", ["TF401"]),
    ],
)
def test_a_variable_read_by_a_lambda_layer_is_not_trained(source, expected):
    assert rule_ids(LAMBDA_HEADER + source, ["TF406", "TF401"]) == expected


# TF407: a tf.Variable in a tf.custom_gradient function whose grad_fn takes no `variables`.
CUSTOM = """
import tensorflow as tf

@tf.custom_gradient
def loss(x):
    buffer = tf.Variable(tf.zeros_like(x))
    buffer.assign(x * x)

    def grad({params}):
        return dy * 2.0 * x{extra}

    return tf.reduce_sum(buffer), grad
"""


@pytest.mark.parametrize(
    "params, extra, expected",
    [
        ("dy", "", ["TF407"]),
        ("dy, variables=None", ", [tf.zeros_like(x)]", []),
        ("dy, **kwargs", ", [tf.zeros_like(x)]", []),
    ],
)
def test_a_variable_in_a_custom_gradient_function_is_found(params, extra, expected):
    source = CUSTOM.format(params=params, extra=extra)
    assert rule_ids(source, ["TF407"]) == expected


def test_tf401_hands_a_traced_custom_gradient_variable_to_tf407():
    source = CUSTOM.format(params="dy", extra="") + (
        "@tf.function\ndef step(x):\n    return loss(x)\n"
    )
    assert rule_ids(source, ["TF401", "TF407"]) == ["TF407"]


# TF402: a second Keras layer or model whose weights do not exist yet, passed to the same
# tf.function (the tf.function guide's "Using with multiple Keras models"). Checked under
# TF 2.21 / Keras 3.15: Dense, a layer of one's own with `build`, a Sequential without an Input
# and every tf_keras layer or model fail on the second object; a Keras 3 subclassed model with
# the default build, a Sequential with an Input and a functional model do not.
PREDICT = (
    "import keras\nimport tensorflow as tf\n@tf.function\ndef predict(m, x):\n    return m(x)\n"
)
UNBUILT = "keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])"
BUILT = "keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])"


@pytest.mark.parametrize(
    ("driver", "found"),
    [
        (
            f"for fold in range(3):\n    model = {UNBUILT}\n    predict(model, tf.ones([2, 3]))\n",
            True,
        ),
        (
            f"def build():\n    return {UNBUILT}\nmembers = [build() for _ in range(3)]\n"
            "outs = [predict(m, tf.ones([2, 3])) for m in members]\n",
            True,
        ),
        (
            f"a = {UNBUILT}\nb = keras.layers.Dense(2)\n"
            "predict(a, tf.ones([2, 3]))\npredict(b, tf.ones([2, 3]))\n",
            True,
        ),
        (
            "class Scale(keras.layers.Layer):\n    def build(self, shape):\n"
            "        self.w = self.add_weight(shape=(shape[-1],))\n"
            "    def call(self, x):\n        return x * self.w\n"
            "for k in range(3):\n    predict(Scale(), tf.ones([2, 3]))\n",
            True,  # built inline at the call, in the loop
        ),
        (
            "class Scale(keras.layers.Layer):\n    def build(self, shape):\n"
            "        self.w = self.add_weight(shape=(shape[-1],))\n"
            "    def call(self, x):\n        return x * self.w\n"
            "for k in range(3):\n    layer = Scale()\n    predict(layer, tf.ones([2, 3]))\n",
            True,
        ),
        # built with an Input, or built before the call: the trace creates nothing
        (
            f"for fold in range(3):\n    model = {BUILT}\n    predict(model, tf.ones([2, 3]))\n",
            False,
        ),
        (
            f"for fold in range(3):\n    model = {UNBUILT}\n    model.build((None, 3))\n"
            "    predict(model, tf.ones([2, 3]))\n",
            False,
        ),
        # a Keras 3 subclassed model with the default build: Keras builds it symbolically
        (
            "class Head(keras.Model):\n    def __init__(self):\n        super().__init__()\n"
            "        self.d = keras.layers.Dense(1)\n    def call(self, x):\n        return self.d(x)\n"
            "for k in range(3):\n    head = Head()\n    predict(head, tf.ones([2, 3]))\n",
            False,
        ),
        # one model, called many times
        (f"model = {UNBUILT}\nfor step in range(3):\n    predict(model, tf.ones([2, 3]))\n", False),
        # a new tf.function for each model
        (
            f"for fold in range(3):\n    model = {UNBUILT}\n    step = tf.function(lambda x: model(x))\n"
            "    step(tf.ones([2, 3]))\n",
            False,
        ),
    ],
)
def test_an_unbuilt_keras_object_per_trace_of_one_tf_function(driver, found):
    assert (rule_ids(PREDICT + driver, ["TF402"]) == ["TF402"]) is found


@pytest.mark.parametrize(
    ("make", "fails"),
    [
        (UNBUILT, True),
        ("keras.layers.Dense(1)", True),
        (BUILT, False),
    ],
)
def test_keras3_objects_that_create_weights_in_a_second_trace(make, fails):
    # the fact TF402 rests on, checked on the installed TensorFlow and Keras
    import keras
    import tensorflow as tf

    @tf.function
    def predict(m, x):
        return m(x)

    try:
        for _ in range(2):
            predict(eval(make, {"keras": keras}), tf.ones([2, 3]))
    except ValueError as error:
        assert fails and "singleton" in str(error)
    else:
        assert not fails


def test_one_tf_function_per_optimizer_over_the_same_python_function_is_fine():
    # the tf.function guide's own workaround for "Using with multiple Keras optimizers":
    # `tf.function(train_step)` twice, one per optimizer (run under TF 2.21: no error)
    driver = (
        "def plain(opt, x):\n    with tf.GradientTape() as tape:\n        loss = w * x\n"
        "    opt.apply_gradients([(tape.gradient(loss, w), w)])\n"
        "first = tf.function(plain)\nsecond = tf.function(plain)\n"
        "opt1 = keras.optimizers.Adam()\nopt2 = keras.optimizers.Adam()\n"
        "for i in range(4):\n    if i % 2:\n        second(opt2, tf.constant(1.0))\n"
        "    else:\n        first(opt1, tf.constant(1.0))\n"
    )
    assert rule_ids(STEP + driver, ["TF499"]) == []


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "import tensorflow as tf\n@tf.function\ndef remap(ids, keys, values):\n"
            "    init = tf.lookup.KeyValueTensorInitializer(keys, values)\n"
            "    return tf.lookup.StaticHashTable(init, -1).lookup(ids)\n",
            ["TF403"],
        ),
        (
            "import tensorflow as tf\nclass Vocab(tf.Module):\n    @tf.function\n"
            "    def __call__(self, words):\n"
            "        init = tf.lookup.TextFileInitializer('v.txt', tf.string, 0, tf.int64, 1)\n"
            "        return tf.lookup.StaticVocabularyTable(init, 1).lookup(words)\n",
            ["TF403"],
        ),
        (
            "import tensorflow as tf\nimport keras\nclass Remap(keras.layers.Layer):\n"
            "    def call(self, ids):\n"
            "        init = tf.lookup.KeyValueTensorInitializer(self.keys, self.values)\n"
            "        return tf.lookup.StaticHashTable(init, -1).lookup(ids)\n",
            ["TF403"],
        ),
        # built once in `__init__`; a mutable table (it lives in the traced graph); a map function
        (
            "import tensorflow as tf\nclass Vocab(tf.Module):\n    def __init__(self, init):\n"
            "        self.table = tf.lookup.StaticHashTable(init, -1)\n    @tf.function\n"
            "    def __call__(self, ids):\n        return self.table.lookup(ids)\n"
            "@tf.function\ndef count(ids):\n"
            "    t = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, 0)\n"
            "    t.insert(ids, ids)\n    return t.lookup(ids)\n"
            "ds = tf.data.Dataset.range(3).map(\n"
            "    lambda x: tf.lookup.StaticHashTable(init, -1).lookup(x))\n",
            [],
        ),
    ],
)
def test_lookup_table_created_in_traced_code(source, expected):
    assert rule_ids(source, ["TF403"]) == expected

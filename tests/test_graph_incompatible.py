"""TF801-TF806: eager-only Python inside traced code."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from conftest import check_state_form, lint, rule_ids, state_forms
from tf2lint.runtime_check import realworld

ROOT = Path(__file__).resolve().parent.parent

HEADER = "import random\nimport time\nimport pdb\nimport numpy as np\nimport tensorflow as tf\n"


@pytest.mark.parametrize(
    "source, rule",
    [
        ("@tf.function\ndef f(x):\n    return tf.square(x).numpy()\n", "TF801"),
        # a Keras `call` is traced by Keras
        (
            "class L(tf.keras.layers.Layer):\n    def call(self, x):\n        return x.numpy()\n",
            "TF801",
        ),
        ("@tf.function\ndef f(x):\n    breakpoint()\n    return x\n", "TF802"),
        ("@tf.function\ndef f(x):\n    pdb.set_trace()\n    return x\n", "TF802"),
        ("@tf.function\ndef f(x):\n    y = tf.reduce_any(x > 0)\n    return bool(y)\n", "TF803"),
        (
            "@tf.function(autograph=False)\ndef f(x):\n    return float(tf.reduce_sum(x))\n",
            "TF803",
        ),
        ("@tf.function\ndef f(x):\n    return np.mean(tf.square(x))\n", "TF804"),
        (
            "@tf.function\ndef f(x):\n    y = x * 2.0 + tf.ones([2])\n    return np.array(y)\n",
            "TF804",
        ),
        ("@tf.function\ndef f(x):\n    return x + random.random()\n", "TF805"),
        ("@tf.function\ndef f(x):\n    return x * np.random.uniform(0, 1)\n", "TF805"),
        ("@tf.function\ndef f(x):\n    return x, time.time()\n", "TF806"),
        # called from traced code: traced too
        ("def g(x):\n    return x.numpy()\n@tf.function\ndef f(x):\n    return g(x)\n", "TF801"),
    ],
)
def test_graph_incompatible_finding(source, rule):
    assert rule_ids(HEADER + source, ["TF8"]) == [rule]


@pytest.mark.parametrize(
    "source",
    [
        # eager code may call .numpy(), breakpoint(), np, random, time
        "def f(x):\n    breakpoint()\n    return np.mean(x.numpy()) + random.random() + time.time()\n",
        # guarded by executing_eagerly
        "@tf.function\ndef f(x):\n    if tf.executing_eagerly():\n        print(x.numpy())\n    return x\n",
        # handed to tf.py_function / tf.numpy_function: runs eagerly
        "def np_fn(x):\n    return np.mean(x.numpy())\n@tf.function\ndef f(x):\n    return tf.py_function(np_fn, [x], tf.float32)\n",
        "class M(tf.Module):\n    def _np(self, x):\n        return x.numpy()\n    @tf.function\n    def f(self, x):\n        return tf.py_function(func=self._np, inp=[x], Tout=tf.float32)\n",
        # float()/int() are rewritten to casts by AutoGraph
        "@tf.function\ndef f(x):\n    return float(tf.reduce_sum(x))\n",
        # bool() of a bare parameter: often a Python flag
        "@tf.function\ndef f(x, flag):\n    return x if bool(flag) else -x\n",
        # NumPy on shapes and Python values
        "@tf.function\ndef f(x):\n    return tf.reshape(x, [np.prod(x.shape)]) * np.sqrt(2.0)\n",
        # seeding and constructing generators is not drawing
        "@tf.function\ndef f(x):\n    np.random.seed(0)\n    rng = np.random.RandomState(1)\n    return x\n",
        # tf random and tf.timestamp run in the graph
        "@tf.function\ndef f(x):\n    return x + tf.random.uniform([]), tf.timestamp()\n",
        # a one-time guard: drawn once on purpose
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        if self.seed is None:\n            self.seed = random.randint(0, 9)\n        return x\n",
        # a `.numpy` attribute that is not called, and `.numpy(...)` with arguments
        "@tf.function\ndef f(x, ds):\n    fn = x.numpy\n    return ds.numpy(x)\n",
    ],
)
def test_no_graph_incompatible_finding(source):
    assert rule_ids(HEADER + source, ["TF8"]) == []


def test_tf_agents_common_function_turns_autograph_off():
    source = """
        import tensorflow as tf
        from tf_agents.utils import common

        @common.function
        def f(x):
            return int(tf.reduce_sum(x))

        @common.function(autograph=True)
        def g(x):
            return int(tf.reduce_sum(x))
        """
    found = lint(source, ["TF803"])
    assert [(d.rule, d.line) for d in found] == [("TF803", 7)]
    assert "`int()` of a graph tensor in traced `f`" in found[0].message


def test_messages_name_the_function_and_the_remedy():
    (d,) = lint(HEADER + "@tf.function\ndef step(x):\n    return np.mean(tf.abs(x))\n", ["TF804"])
    assert d.message == (
        "`np.mean` on a graph tensor in traced `step` fails while tracing; use the TensorFlow op"
    )
    assert d.severity == "error" and d.category == "graph-incompatible"


# Checked under TF 2.21: AutoGraph turns int()/float() of a tensor into casts in a
# tf.function (and in what it calls), but Keras 3 traces `call` and `train_step` unconverted,
# where they raise TypeError; tf_keras (Keras 2) converts them.
@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "class L(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        return x * float(tf.reduce_sum(x))\n",
            ["TF803"],
        ),
        (
            "def scale(t):\n    return int(t)\n"
            "class M(tf.keras.Model):\n    def train_step(self, data):\n"
            "        return {'n': scale(tf.shape(data)[0])}\n",
            ["TF803"],
        ),
        ("@tf.function\ndef f(x):\n    return float(tf.reduce_sum(x))\n", []),
        (
            "def scale(t):\n    return int(t)\n@tf.function\ndef f(x):\n"
            "    return scale(tf.reduce_sum(x))\n",
            [],
        ),
        (
            "import tf_keras\nclass L(tf_keras.layers.Layer):\n    def call(self, x):\n"
            "        return x * float(tf.reduce_sum(x))\n",
            [],
        ),
    ],
)
def test_int_and_float_of_a_tensor_only_where_autograph_does_not_convert(source, expected):
    assert rule_ids(HEADER + source, ["TF803"]) == expected


# TF807/TF808: tensor-driven Python control flow in code AutoGraph does not convert.
KERAS3_LAYER = "import keras\nclass L(keras.layers.Layer):\n    def call(self, x):\n"
UNCONVERTED = "import tensorflow as tf\n@tf.function(autograph=False)\ndef f(x):\n"


@pytest.mark.parametrize(
    "source, rule",
    [
        (KERAS3_LAYER + "        for row in keras.ops.abs(x):\n            pass\n", "TF807"),
        (KERAS3_LAYER + "        return [keras.ops.sum(r) for r in keras.ops.abs(x)]\n", "TF807"),
        (UNCONVERTED + "    y = tf.square(x)\n    for row in y:\n        tf.print(row)\n", "TF807"),
        (KERAS3_LAYER + "        if keras.ops.max(x) > 1.0:\n            return x\n", "TF808"),
        (
            KERAS3_LAYER + "        while keras.ops.mean(x) > 1.0:\n            x = x / 2.0\n",
            "TF808",
        ),
        (UNCONVERTED + "    if tf.reduce_sum(x) > 0 and True:\n        return x\n", "TF808"),
        # an element of a list of tensors is a tensor
        (UNCONVERTED + "    if tf.unstack(x)[0] > 0:\n        return x\n", "TF808"),
        # keras.ops.where(c, x, y) gives a tensor (one argument gives a tuple: not a list op)
        (
            KERAS3_LAYER + "        for r in keras.ops.where(x > 0, x, 0.0):\n            pass\n",
            "TF807",
        ),
        # the input of a layer a Sequential calls is one tensor
        (
            KERAS3_LAYER + "        return [keras.ops.sum(r) for r in x]\n"
            "model = keras.Sequential([keras.Input(shape=(3,)), L()])\n",
            "TF807",
        ),
        # `range()` of a graph tensor asks it for an integer (TF 2.21 / Keras 3.15: building
        # the model fails, "could not automatically infer the shape of the Lambda's output")
        (
            "import tensorflow as tf\n" + KERAS3_LAYER + "        out = []\n"
            "        for i in range(tf.shape(x)[1] - 1):\n            out.append(x[:, i])\n",
            "TF807",
        ),
    ],
)
def test_tensor_control_flow_in_unconverted_code_is_reported(source, rule):
    assert rule_ids(source, ["TF807", "TF808"]) == [rule]


@pytest.mark.parametrize(
    "source",
    [
        # AutoGraph converts these
        "import tensorflow as tf\n@tf.function\ndef f(x):\n    y = tf.square(x)\n"
        "    for row in y:\n        tf.print(row)\n    if tf.reduce_sum(y) > 0:\n        y = -y\n",
        "import tensorflow as tf\n@tf.function\ndef f(x):\n"
        "    for i in range(tf.shape(x)[0]):\n        tf.print(x[i])\n",
        # a static size is a Python value
        KERAS3_LAYER + "        for i in range(x.shape[1]):\n            pass\n",
        # Keras 2 (tf_keras) converts `call`
        "import tensorflow as tf\nimport tf_keras\nclass L(tf_keras.layers.Layer):\n"
        "    def call(self, x):\n        if tf.reduce_max(x) > 1.0:\n            return x\n        return x\n",
        # a bare input may be a list of tensors; shapes and flags are Python values
        KERAS3_LAYER + "        for t in x:\n            pass\n        if x.shape[0] > 1:\n"
        "            return x\n        if x is None:\n            return x\n",
        # keras.ops.unstack returns a Python list of tensors (as do the other ops the
        # knowledge base's probe finds giving a list or tuple: split, top_k, moments...)
        KERAS3_LAYER + "        return [keras.ops.sum(r) for r in keras.ops.unstack(x)]\n",
        KERAS3_LAYER + "        for part in keras.ops.split(x, 2):\n            pass\n",
        "import tensorflow as tf\n"
        + KERAS3_LAYER
        + "        for t in tf.unstack(x):\n            pass\n",
        "import tensorflow as tf\n"
        + KERAS3_LAYER
        + "        parts = tf.split(x, 2)\n        for p in parts:\n            pass\n",
        UNCONVERTED + "    for t in tf.math.top_k(x, 2):\n        tf.print(t)\n",
        UNCONVERTED + "    for g in tf.meshgrid(x, x):\n        tf.print(g)\n",
        KERAS3_LAYER + "        for d in keras.ops.shape(x):\n            pass\n",
        # a layer of a functional model may take a list
        KERAS3_LAYER + "        return [keras.ops.sum(r) for r in x]\n"
        "inp = keras.Input(shape=(3,))\nout = L()([inp, inp])\n",
    ],
)
def test_no_unconverted_control_flow_finding(source):
    assert rule_ids(source, ["TF807", "TF808"]) == []


def test_a_helper_handing_back_its_parameter_is_not_a_tensor_to_loop_over():
    # tensorflow-gnn's tag_utils: a name-list helper returns its parameter; the traced
    # function's parameters would make it pass for a tensor
    source = (
        UNCONVERTED.replace("def f(x):", "def f(x, names):")
        + "    for e in as_list(names):\n        tf.print(e)\n"
        + "def as_list(name):\n    if isinstance(name, str):\n        return [name]\n"
        "    return name\n"
    )
    assert rule_ids(source, ["TF807", "TF808"]) == []


def test_keras3_static_shape_arithmetic_is_a_python_condition():
    # keras-hub's WindowPartitioning: Keras 3's ops.shape gives Python ints
    source = (
        KERAS3_LAYER + "        b, h = keras.ops.shape(x)\n        pad = (4 - h % 4) % 4\n"
        "        if pad > 0 or keras.ops.is_tensor(x):\n            x = keras.ops.pad(x, pad)\n"
        "        return x\n"
    )
    assert rule_ids(source, ["TF808"]) == []


def test_a_keras_3_call_decorated_with_tf_function_is_converted():
    # its own tf.function converts it: the `if` becomes tf.cond (checked under Keras 3.15)
    source = textwrap.dedent(
        """\
        import tensorflow as tf


        class Gate(tf.keras.layers.Layer):
            @tf.function
            def call(self, x):
                if tf.reduce_sum(x) > 0:
                    return x
                return -x
        """
    )
    assert rule_ids(source, ["TF807", "TF808"]) == []
    assert rule_ids(source.replace("    @tf.function\n", ""), ["TF808"]) == ["TF808"]


@pytest.mark.parametrize(
    "header",
    [
        "try:\n    import tf_keras as keras\nexcept ImportError:\n    import keras\n",
        'import os\nos.environ["TF_USE_LEGACY_KERAS"] = "1"\nfrom tensorflow import keras\n',
        "from tensorflow import keras\n\nif int(keras.__version__.split('.')[0]) >= 3:\n"
        "    raise ImportError('needs Keras 2: pip install tf-keras')\n",
    ],
)
def test_code_whose_keras_may_be_keras_2_is_not_keras_3_code(header):
    source = (
        "import tensorflow as tf\n"
        + header
        + textwrap.dedent(
            """
        class Gate(keras.layers.Layer):
            def call(self, x):
                if tf.reduce_sum(x) > 0:
                    return x
                return -x
        """
        )
    )
    assert rule_ids(source, ["TF808"]) == []


VARIABLE_LAYER = (
    "import tensorflow as tf\nimport keras\nclass Gate(keras.layers.Layer):\n"
    "    def __init__(self):\n        super().__init__()\n"
    "        self.mode = tf.Variable(0, trainable=False)\n"
    "        self.seen = self.add_weight(shape=(), initializer='zeros', trainable=False)\n"
    "    def call(self, x):\n"
)


@pytest.mark.parametrize(
    "test, expected",
    [
        # tensorflow#38920 (a custom RNN cell): reading a variable in traced code gives a
        # graph tensor, whose truth value Keras 3's unconverted `call` cannot take
        ("self.mode == 0", ["TF808"]),
        ("self.seen > 10.0", ["TF808"]),
        ("not self.mode", ["TF808"]),
        # identity and None tests are Python's; a Python attribute is a Python value
        ("self.mode is None", []),
        ("self.built", []),
    ],
)
def test_a_python_condition_on_a_variable_in_keras_3_call(test, expected):
    source = VARIABLE_LAYER + f"        if {test}:\n            return x\n        return -x\n"
    assert rule_ids(source, ["TF808"]) == expected
    legacy = source.replace("import keras\n", "import tf_keras as keras\n")
    assert rule_ids(legacy, ["TF808"]) == []  # tf-keras converts `call`


def test_a_python_condition_on_the_optimizer_step_in_keras_3_train_step():
    # tensorflow#41760: `if self.optimizer.iterations < 50:` in a GAN's train_step; the
    # knowledge base probes which optimizer members hold a variable (iterations, learning_rate)
    source = textwrap.dedent(
        """\
        import keras


        class GAN(keras.Model):
            def train_step(self, data):
                if self.optimizer.iterations < 50:
                    return {"warmup": 1.0}
                return {"warmup": 0.0}
        """
    )
    assert rule_ids(source, ["TF808"]) == ["TF808"]
    assert rule_ids(source.replace("iterations < 50", "built"), ["TF808"]) == []


def test_functions_passed_to_keras_3_compile_are_traced_without_autograph():
    # Keras 3's train step calls losses and metrics unconverted: OperatorNotAllowedInGraphError
    source = """\
        import tensorflow as tf


        def positive_rate(y_true, y_pred):
            if tf.reduce_mean(y_pred) > 0.5:
                return tf.reduce_mean(y_true)
            return tf.reduce_mean(y_pred)


        model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
        model.compile(optimizer="adam", loss="mse", metrics=[positive_rate])
        """
    (finding,) = lint(source, ["TF808"])
    assert "compile(metrics=...)" in finding.evidence.value[0].message
    legacy = source.replace(
        "import tensorflow as tf\n", "import tensorflow as tf\n        import tf_keras\n"
    )
    assert rule_ids(legacy, ["TF808"]) == []


# TF899/TF898, checked under TF 2.21: a Python `assert` on a tensor, and unpacking a tensor into
# names, fail while tracing with AutoGraph and without it.
TRACED = "import tensorflow as tf\nimport keras\n@tf.function\ndef f(x, y):\n"


@pytest.mark.parametrize(
    "source, rule",
    [
        (TRACED + "    assert tf.reduce_min(x) > 0.0\n    return x\n", "TF899"),
        (TRACED + "    assert tf.reduce_all(x > 0), 'negative'\n    return x\n", "TF899"),
        (TRACED + "    m = tf.reduce_max(x)\n    assert m < 1.0 and True\n    return x\n", "TF899"),
        (KERAS3_LAYER + "        assert keras.ops.min(x) >= 0\n        return x\n", "TF899"),
        (TRACED + "    h, w = tf.shape(x)\n    return h * w\n", "TF898"),
        (TRACED + "    b, h, w, c = tf.shape(x)\n    return b\n", "TF898"),
        (TRACED + "    s = tf.shape(x)[1:3]\n    h, w = s\n    return h\n", "TF898"),
        (TRACED + "    a, b = tf.concat([x, y], 0) * 2.0\n    return a\n", "TF898"),
        (KERAS3_LAYER + "        a, b = keras.ops.abs(x)\n        return a\n", "TF898"),
        # a helper traced code calls
        (
            "import tensorflow as tf\ndef dims(t):\n    h, w = tf.shape(t)\n    return h\n"
            "@tf.function\ndef f(x):\n    return dims(x)\n",
            "TF898",
        ),
        # a parameter the module passes a computed tensor: a graph input while traced
        (TRACED + "    a, b, c = x\n    return a\nf(tf.ones((3, 3)), 1.0)\n", "TF898"),
        (
            "import tensorflow as tf\ndef rgb(img):\n    r, g, b = img\n    return r\n"
            "@tf.function\ndef f(x):\n    return rgb(tf.transpose(x))\n",
            "TF898",
        ),
    ],
)
def test_assert_and_unpacking_of_a_tensor(source, rule):
    assert rule_ids(source, ["TF899", "TF898"]) == [rule]


@pytest.mark.parametrize(
    "source",
    [
        # static shapes, Python values and identity tests are answered by Python
        TRACED + "    assert x.shape[0] == 2\n    assert x is not None\n    return x\n",
        TRACED + "    assert isinstance(x, tf.Tensor)\n    return x\n",
        # eager code
        "import tensorflow as tf\ndef f(x):\n    assert tf.reduce_min(x) > 0\n"
        "    h, w = tf.shape(x)\n    return h\n",
        # lists and tuples of tensors unpack
        TRACED + "    mean, var = tf.nn.moments(x, [0])\n    a, b = tf.split(x, 2)\n"
        "    h, w = tf.unstack(tf.shape(x))\n    return mean\n",
        TRACED + "    h, w = x.shape\n    q, r = tf.linalg.qr(x)\n    return h\n",
        # ops said to return a tensor that give tuples (found on tf-models-official)
        TRACED + "    g, n = tf.clip_by_global_norm([x], 1.0)\n"
        "    b, s, _, _ = tf.image.combined_non_max_suppression(x, y, 1, 1)\n    return g\n",
        # a parameter may be a tuple; a Keras layer or own function may return one
        TRACED + "    a, b = x\n    return a\n",
        TRACED + "    a, b = x\n    return a\nf((tf.ones(2), tf.ones(2)), 1.0)\n",
        # an eager call of a plain helper passes an eager tensor, which Python iterates
        "import tensorflow as tf\ndef rgb(img):\n    r, g, b = img\n    return r\n"
        "rgb(tf.ones((3, 2)))\n",
        KERAS3_LAYER + "        out, state = self.rnn(x)\n        return out\n",
        KERAS3_LAYER + "        b, h = keras.ops.shape(x)\n        return x\n",
        "import tensorflow as tf\ndef pair(t):\n    return t, t\n@tf.function\ndef f(x):\n"
        "    a, b = pair(tf.abs(x))\n    return a\n",
        # eager-only branch
        TRACED
        + "    if tf.executing_eagerly():\n        assert tf.reduce_min(x) > 0\n    return x\n",
    ],
)
def test_no_assert_or_unpacking_finding(source):
    assert rule_ids(source, ["TF899", "TF898"]) == []


# TF897, checked under TF 2.21: a static dimension that is None while tracing, used as a size.
SIGNED = (
    "import tensorflow as tf\nimport keras\n"
    "@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])\ndef f(x):\n"
)


@pytest.mark.parametrize(
    "source, preview",
    [
        (SIGNED + "    return tf.reshape(x, [x.shape[0], 2, 2])\n", False),
        (SIGNED + "    return tf.zeros((x.shape[0], 2))\n", False),
        (SIGNED + "    return tf.random.normal(shape=[x.shape[0]])\n", False),
        (SIGNED + "    return x * (x.shape[0] * 2)\n", False),
        (
            SIGNED
            + "    s = 0.0\n    for i in range(x.shape[0]):\n        s += x[i]\n    return s\n",
            False,
        ),
        (SIGNED + "    n = x.shape[0]\n    return keras.ops.ones([n, 4])\n", False),
        (SIGNED + "    return tf.reshape(x, [x.get_shape()[-2], 4])\n", False),
        # a module-level signature, and a method (its `self` is not in the signature)
        (
            "import tensorflow as tf\nSIG = [tf.TensorSpec(shape=None)]\n"
            "@tf.function(input_signature=SIG)\ndef f(x):\n    return tf.zeros([x.shape[1]])\n",
            False,
        ),
        (
            "import tensorflow as tf\nclass M(tf.Module):\n"
            "    @tf.function(input_signature=[tf.TensorSpec([None, 3])])\n    def f(self, x):\n"
            "        return tf.reshape(x, (x.shape[0] * 3,))\n",
            False,
        ),
        (
            "import tensorflow as tf\ndef f(x):\n    return tf.zeros([x.shape[0]])\n"
            "g = tf.function(f, input_signature=(tf.TensorSpec([None]),))\n",
            False,
        ),
        # the batch of a Keras call, and relaxed shapes: None only in some traces
        (
            KERAS3_LAYER + "        return keras.ops.reshape(x, (x.shape[0], -1))\n",
            True,
        ),
        (
            "import tensorflow as tf\n@tf.function(reduce_retracing=True)\ndef f(x):\n"
            "    return tf.zeros([x.shape[0], 2])\n",
            True,
        ),
    ],
)
def test_a_none_dimension_used_as_a_size(source, preview):
    (d,) = lint(source, ["TF897"])
    assert d.rule == "TF897" and d.preview == preview and "may be None" in d.message


# Checked under TF 2.21 / Keras 3.15: fit hands an overridden train_step each batch with
# dimension 0 None (a dataset batched with drop_remainder=True too), and a Keras model keeps
# the batch, so a loss helper given the model's output reads None there.
STEP_MODEL = (
    "import tensorflow as tf\nimport keras\n"
    "def flat_loss(y_true, y_pred):\n"
    "    batch = y_pred.shape[0]\n"
    "    return tf.reduce_mean(tf.reshape(y_true - y_pred, [batch, -1]))\n"
    "class Net(keras.Model):\n"
    "    def __init__(self):\n        super().__init__()\n"
    "        self.dense = keras.layers.Dense(2)\n"
    "    def call(self, x):\n        return self.dense(x)\n"
    "    def train_step(self, data):\n"
    "        x, y = data\n"
    "        y_pred = self(x, training=True)\n"
    "        loss = flat_loss(y, y_pred)\n"
    "        return {'loss': loss}\n"
    "net = Net()\nnet.compile(optimizer='adam')\n"
)


@pytest.mark.parametrize(
    "source, preview",
    [
        (STEP_MODEL + "net.fit(xs, ys, batch_size=32)\n", False),
        # without fit in the module, only some traces are proven to see None
        (STEP_MODEL, True),
        (
            "import tensorflow as tf\nimport keras\nmodel = keras.Sequential([keras.layers.Dense(2)])\n"
            "def flat_loss(y_pred):\n    return tf.reshape(y_pred, [y_pred.shape[0], -1])\n"
            "@tf.function(reduce_retracing=True)\ndef step(x):\n"
            "    y_pred = model(x, training=True)\n    return flat_loss(y_pred)\n",
            True,
        ),
    ],
)
def test_the_batch_of_a_traced_step_kept_by_the_model(source, preview):
    (d,) = lint(source, ["TF897"])
    assert d.rule == "TF897" and d.preview == preview and "may be None" in d.message


# Checked under TF 2.21: a reduce_retracing step called on each batch of `ds.batch(32)` traces
# the smaller last batch again with dimension 0 None (40 samples: `Failed to convert elements
# of [None, -1] to Tensor`); every batch is full with drop_remainder=True or repeat() first.
RELAXED_LOOP = (
    "import tensorflow as tf\nimport keras\nmodel = keras.Sequential([keras.layers.Dense(2)])\n"
    "@tf.function(reduce_retracing=True)\ndef step(x):\n"
    "    y_pred = model(x)\n    return tf.reshape(y_pred, [y_pred.shape[0], -1])\n"
)


@pytest.mark.parametrize(
    "dataset, preview",
    [
        ("tf.data.Dataset.from_tensor_slices(xs).shuffle(64).batch(32)", False),
        ("tf.data.Dataset.from_tensor_slices(xs).batch(32, drop_remainder=True)", True),
        ("tf.data.Dataset.from_tensor_slices(xs).repeat().batch(32)", True),
    ],
)
def test_a_relaxed_step_over_batches_sees_the_last_batch_none(dataset, preview):
    source = (
        RELAXED_LOOP
        + f"ds = {dataset}\nfor epoch in range(3):\n    for x in ds:\n        step(x)\n"
    )
    (d,) = lint(source, ["TF897"])
    assert d.rule == "TF897" and d.preview == preview and "may be None" in d.message


@pytest.mark.parametrize(
    "source",
    [
        # known sizes
        SIGNED + "    return tf.reshape(x, [-1, x.shape[1] // 2, 2])\n",
        "import tensorflow as tf\n@tf.function\ndef f(x):\n    return tf.zeros([x.shape[0], 2])\n",
        # the dynamic size, a partial shape to check, a test of None
        SIGNED + "    return tf.reshape(x, [tf.shape(x)[0], 2, 2])\n",
        SIGNED + "    return tf.ensure_shape(x, [x.shape[0], 4])\n",
        SIGNED + "    if x.shape[0] is None:\n        return x\n    return x\n",
        SIGNED + "    n = x.shape[0] or tf.shape(x)[0]\n    return tf.zeros([n])\n",
        # not the Keras batch dimension, and eager code
        KERAS3_LAYER + "        return keras.ops.reshape(x, (-1, x.shape[1] * x.shape[2]))\n",
        "import tensorflow as tf\ndef f(x):\n    return tf.zeros([x.shape[0]])\n",
        # a name rebound, a parameter rebound
        SIGNED + "    x = tf.ones([3, 4])\n    return tf.zeros([x.shape[0]])\n",
    ],
)
def test_no_none_dimension_finding(source):
    assert rule_ids(source, ["TF897"]) == []


# Checked under TF 2.21: AutoGraph converts the calls inside a comprehension (`range(t)` to
# tf.range, `int(t)` to a cast) but not its loop, which then iterates a symbolic tensor and
# raises OperatorNotAllowedInGraphError.
@pytest.mark.parametrize(
    "body, expected",
    [
        ("    return tf.add_n([x * tf.cast(i, tf.float32) for i in tf.range(3)])\n", ["TF807"]),
        ("    m = int(tf.shape(x)[0])\n    return tf.add_n([x[i] for i in range(m)])\n", ["TF807"]),
        # a static size, a Python parameter, a list of tensors: Python values to iterate
        ("    return tf.add_n([x[i] for i in range(x.shape[0])])\n", []),
        ("    return sum(i for i in range(n))\n", []),
        ("    return tf.add_n([tf.reduce_sum(r) for r in tf.unstack(x)])\n", []),
    ],
)
def test_a_comprehension_over_a_tensor_fails_in_converted_code(body, expected):
    source = "import tensorflow as tf\n@tf.function\ndef f(x, n):\n" + body
    assert rule_ids(source, ["TF807"]) == expected


def test_the_star_args_of_a_dataset_function_are_a_tuple_of_tensors():
    # tensor2tensor's packer: `*x` is a Python tuple of the element's tensors, fine to iterate
    source = (
        "import tensorflow as tf\n"
        "ds = tf.data.Dataset.range(3).filter(lambda *x: tf.reduce_max(tf.stack("
        "[tf.shape(i)[0] for i in x])) < 2)\n"
    )
    assert rule_ids(source, ["TF807"]) == []


def test_a_context_managers_enter_and_exit_run_where_the_with_does():
    # a stopwatch class entered in a tf.function reads the clock once, while tracing
    source = textwrap.dedent(
        """\
        import time
        import tensorflow as tf

        class Stopwatch:
            def __enter__(self):
                self.start = time.time()
                return self

            def __exit__(self, *exc):
                self.elapsed = time.time() - self.start

        @tf.function
        def step(x):
            with Stopwatch() as watch:
                y = tf.matmul(x, x)
            return y, watch.elapsed

        def eager(x):
            with Stopwatch():
                return x
        """
    )
    found = lint(source, ["TF806"])
    assert [(d.rule, d.line) for d in found] == [("TF806", 6), ("TF806", 10)]
    assert rule_ids(source.replace("@tf.function\n", ""), ["TF806"]) == []


@pytest.mark.parametrize(
    "source, expected",
    [
        # Keras passes a compiled loss or metric y_true and y_pred as tensors (checked under
        # TF 2.21: NotImplementedError, cannot convert a symbolic tf.Tensor to a numpy array)
        (
            "def m(y_true, y_pred):\n    return np.mean(np.abs(y_true - y_pred))\n"
            "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
            "model.compile('sgd', loss='mse', metrics=[m])\n",
            ["TF804"],
        ),
        # tf.data passes a map function the element's tensors
        (
            "def parse(path):\n    return np.char.lower(path)\n"
            "ds = tf.data.Dataset.from_tensor_slices(['a']).map(parse)\n",
            ["TF804"],
        ),
        # the element read before the body rebinds the name (tensorflow/tensorflow#39977:
        # `images = np.array(image)` ... `image = cv2.imread(...)`; checked under TF 2.21:
        # NotImplementedError)
        (
            "def parse(image, box):\n    images = np.array(image)\n    image = load(images)\n"
            "    return image, box\n"
            "ds = tf.data.Dataset.from_tensor_slices((['a'], [1])).map(parse)\n",
            ["TF804"],
        ),
        # read after the body rebinds it to a Python value: not the element any more
        (
            "def parse(image, box):\n    image = 3.0\n    return np.float32(image), box\n"
            "ds = tf.data.Dataset.from_tensor_slices((['a'], [1])).map(parse)\n",
            [],
        ),
        # rebound in a branch before the read: which value it holds is not proven
        (
            "def parse(image, box):\n    if box:\n        image = 3.0\n"
            "    return np.float32(image), box\n"
            "ds = tf.data.Dataset.from_tensor_slices((['a'], [1])).map(parse)\n",
            [],
        ),
        # traced code hands the function to tf.map_fn, which calls it on graph tensors there
        # (the knowledge base's graph-argument ops; checked under TF 2.21: NotImplementedError)
        (
            "@tf.function\ndef norms(x):\n    return tf.map_fn(lambda row: np.linalg.norm(row), x)\n",
            ["TF804"],
        ),
        (
            "def row_norm(acc, row):\n    return acc + np.sum(row)\n"
            "@tf.function\ndef total(x):\n    return tf.scan(row_norm, x)\n",
            ["TF804"],
        ),
        # called eagerly, tf.map_fn runs the function on eager tensors: NumPy works there
        ("def norms(x):\n    return tf.map_fn(lambda row: np.linalg.norm(row), x)\n", []),
        # a parameter with a default is not what the op passes
        (
            "@tf.function\ndef norms(x):\n"
            "    return tf.map_fn(lambda row, p=2: row * np.float32(p), x)\n",
            [],
        ),
        # an option with a default is not what Keras passes
        (
            "def m(y_true, y_pred, scale=2.0):\n    return tf.reduce_mean(y_pred) * np.float32(scale)\n"
            "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
            "model.compile('sgd', loss=m)\n",
            [],
        ),
        # not traced: an eager helper
        ("def m(y_true, y_pred):\n    return np.mean(np.abs(y_true - y_pred))\n", []),
    ],
)
def test_numpy_on_what_keras_tf_data_or_tf_map_fn_pass(source, expected):
    assert rule_ids(HEADER + source, ["TF804"]) == expected


# TF896 and TF895, checked under TF 2.21 (`tf2lint verify --rules TF895,TF896`): a list
# indexed by a graph tensor raises TypeError (list indices must be integers), a dict keyed
# by one TypeError (Tensor is unhashable), tf.io.gfile and os.path given one TypeError.
LAYERS = "layers = [tf.keras.layers.Dense(2) for _ in range(3)]\ntable = {'a': 0}\n"


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            LAYERS + "@tf.function\ndef f(x):\n    for i in tf.range(3):\n"
            "        x = layers[i](x)\n    return x\n",
            ["TF896"],
        ),
        (LAYERS + "@tf.function\ndef f(x):\n    return layers[tf.argmax(x[0])](x)\n", ["TF896"]),
        (
            LAYERS + "def label(s):\n    return table[s], table.get(s, -1)\n"
            "ds = tf.data.Dataset.from_tensor_slices(['a']).map(label)\n",
            ["TF896", "TF896"],
        ),
        (
            LAYERS + "@tf.function\ndef f(x, task):\n    return layers[task](x)\n"
            "for x, t in dataset:\n    f(x, t)\n",
            ["TF896"],
        ),
        (
            LAYERS + "@tf.function\ndef f(dataset):\n    for x, t in dataset:\n"
            "        x = layers[t](x)\n    return x\n",
            ["TF896"],
        ),
        # an element unpacked in the traced function, and the next element of an iterator
        (
            LAYERS + "@tf.function\ndef f(batch):\n    x, task = batch\n"
            "    return layers[task[0]](x)\n"
            "ds = tf.data.Dataset.from_tensor_slices((xs, ts)).batch(8)\n"
            "for batch in ds:\n    f(batch)\nit = iter(ds)\nf(next(it))\n",
            ["TF896"],
        ),
        # Keras 3 runs `call` unconverted: the loop fails first (TF807), the index after it
        (
            "import keras\nclass Net(keras.Model):\n    def __init__(self):\n"
            "        super().__init__()\n        self.blocks = [keras.layers.Dense(2)]\n"
            "    def call(self, x):\n        for i in tf.range(1):\n"
            "            x = self.blocks[i](x)\n        return x\n",
            ["TF896"],
        ),
        # Python indices: a range() loop, a static size, a Python argument
        (
            LAYERS + "@tf.function\ndef f(x, k):\n    for i in range(3):\n"
            "        x = layers[i](x)\n    return layers[k](x) + layers[x.shape[0] - 1](x)\n"
            "f(tf.ones([1, 2]), 0)\n",
            [],
        ),
        # a tensor indexing a tensor (not a Python list), a dict keyed by a Python string
        ("@tf.function\ndef f(x, t):\n    y = tf.square(x)\n    return y[tf.argmax(x)]\n", []),
        (LAYERS + "@tf.function\ndef f(x):\n    return x * table['a']\n", []),
        # eager code may index with an eager tensor
        (
            LAYERS
            + "def f(x, task):\n    return layers[task](x)\nfor x, t in dataset:\n    f(x, t)\n",
            [],
        ),
        # a NumPy array on the host, indexed or sliced by a tensor (tensorflow/tensorflow#53586:
        # TypeError, slice indices must be integers), and a list's slice bounds
        (
            "import numpy as np\nobserved = np.arange(10.0)\n@tf.function\ndef f(t):\n"
            "    pos = tf.raw_ops.Bucketize(input=t, boundaries=[1.0, 2.0])\n"
            "    return observed[pos - 1 : pos][0] + observed[pos]\n",
            ["TF896", "TF896"],
        ),
        (
            LAYERS + "@tf.function\ndef f(x):\n    n = tf.argmax(x[0])\n"
            "    return [layer(x) for layer in layers[:n]]\n",
            ["TF896"],
        ),
        # an array drawn from a NumPy generator (size given), chained or through a name
        (
            "import numpy as np\nvalues = np.random.default_rng(0).uniform(0, 1, size=200)\n"
            "rng = np.random.RandomState(0)\nnoise = rng.normal(size=(5,))\n@tf.function\n"
            "def f(t):\n    i = tf.argmax(t)\n    return values[i] + noise[i]\n",
            ["TF896", "TF896"],
        ),
        # a generator's scalar draw (no size) is no array
        (
            "import numpy as np\nrng = np.random.default_rng(0)\nscale = rng.uniform(0, 1)\n"
            "@tf.function\ndef f(t):\n    return t * scale\n",
            [],
        ),
        # a NumPy array made a tensor first, or indexed by a Python int
        (
            "import numpy as np\nobserved = tf.constant(np.arange(10.0))\n@tf.function\n"
            "def f(t):\n    return observed[tf.argmax(t)]\n",
            [],
        ),
        (
            "import numpy as np\nobserved = np.arange(10.0)\n@tf.function\n"
            "def f(t):\n    return t * observed[3] + observed[1:4].sum()\n",
            [],
        ),
    ],
)
def test_python_container_indexed_by_a_tensor(source, expected):
    assert rule_ids(HEADER + source, ["TF896"]) == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "import os\ndef prep(p):\n    tf.io.gfile.makedirs(tf.strings.join([p, '_x']))\n"
            "    return p if os.path.exists(p) else p\n"
            "ds = tf.data.Dataset.from_tensor_slices(['a']).map(prep)\n",
            ["TF895", "TF895"],
        ),
        # Python strings: a constant folder, a path joined before tracing
        (
            "import os\ndef prep(p):\n    tf.io.gfile.makedirs(os.path.join('out', 'x'))\n"
            "    return tf.io.read_file(p)\n"
            "ds = tf.data.Dataset.from_tensor_slices(['a']).map(prep)\n",
            [],
        ),
        ("import os\ndef prep(p):\n    return os.path.exists(p)\n", []),
    ],
)
def test_file_system_call_given_a_string_tensor(source, expected):
    assert rule_ids(HEADER + source, ["TF895"]) == expected


# TF894 and TF893, checked under TF 2.21 (`tf2lint verify --rules TF893,TF894`): in a graph,
# next(iterator, default) raises OutOfRangeError at the end instead of returning the default;
# an eager TensorArray used in a tf.function raises OperatorNotAllowedInGraphError.
NEXT = "@tf.function\ndef f(it):\n    return next(it, None)\n"


@pytest.mark.parametrize(
    "source, expected",
    [
        (NEXT + "f(iter(tf.data.Dataset.range(3)))\n", ["TF894"]),
        (
            "@tf.function\ndef f():\n    it = iter(dataset)\n    return next(it, None)\n",
            ["TF894"],
        ),
        # a Python iterator, next() without a default, eager code
        (NEXT + "f(iter([1, 2]))\n", []),
        ("@tf.function\ndef f(it):\n    return next(it)\nf(iter(dataset))\n", []),
        ("def f(it):\n    return next(it, None)\nf(iter(dataset))\n", []),
    ],
)
def test_next_with_a_default_on_a_dataset_iterator(source, expected):
    assert rule_ids(HEADER + source, ["TF894"]) == expected


BUFFER = textwrap.dedent(
    """\
    class Buffer:
        def __init__(self):
            self.states, self.rewards = tf.TensorArray(tf.float32, 0, True), tf.TensorArray(tf.float32, 0, True)

        def add(self, s):
            self.states = self.states.write(self.states.size(), s)

        @tf.function
        def sample(self, i):
            return self.states.gather(i)
    """
)


@pytest.mark.parametrize(
    "source, expected",
    [
        (BUFFER, ["TF893"]),
        # a training step given the buffer reads its TensorArray
        (
            BUFFER.replace(
                "    @tf.function\n    def sample(self, i):\n        return self.states.gather(i)\n",
                "",
            )
            + "@tf.function\ndef train(buffer, i):\n    return buffer.rewards.stack()\n"
            "train(Buffer(), 0)\n",
            ["TF893"],
        ),
        # created in the traced function itself: a graph TensorArray
        (
            "@tf.function\ndef f(x):\n    ta = tf.TensorArray(tf.float32, 2)\n"
            "    ta = ta.write(0, x)\n    return ta.stack()\n",
            [],
        ),
        (
            BUFFER.replace(
                "        return self.states.gather(i)",
                "        self.states = tf.TensorArray(tf.float32, 1)\n        return self.states.stack()",
            ),
            [],
        ),
        # used eagerly only
        (BUFFER.replace("    @tf.function\n", ""), []),
        # a module TensorArray a tf.function aliases and writes (tensorflow/tensorflow#40276;
        # TF 2.21: NotImplementedError, a graph TensorArray from an eager one)
        (
            "acc = tf.TensorArray(tf.float32, size=0, dynamic_size=True)\n@tf.function\n"
            "def f(v):\n    out = acc\n    for i in tf.range(2):\n"
            "        out = out.write(i, v[i])\n    return out.concat()\n",
            ["TF893"],
        ),
        # a local made in the traced function, rebound by its own updates
        (
            "acc = tf.TensorArray(tf.float32, size=0, dynamic_size=True)\n@tf.function\n"
            "def f(v):\n    out = tf.TensorArray(tf.float32, size=2)\n"
            "    out = out.write(0, v[0])\n    return out.stack()\n",
            [],
        ),
    ],
)
def test_eager_tensorarray_in_traced_code(source, expected):
    assert rule_ids(HEADER + source, ["TF893"]) == expected


# TF897's new forms, each checked under TF 2.21 / Keras 3.15 (a probe program run by hand, as
# the rule's own fixtures are by `tf2lint verify`): the height and width of a decoded JPEG are
# None in a Dataset.map function (TypeError on `h // 2`); Keras traces a layer's `call` and a
# compiled loss with the batch dimension None under fit (`tf.random.normal(x.shape)`:
# ValueError; `np.broadcast_to(a, x.shape)`: TypeError; `tf.reshape(y, [n, -1])` with
# `n = y_true.get_shape()[0]`: TypeError).
DECODE = (
    "def load(data):\n    image = tf.cast(tf.io.decode_jpeg(data, channels=3), tf.float32)\n"
    "{body}"
    "ds = tf.data.Dataset.from_tensor_slices(['a']).map(tf.io.read_file).map(load)\n"
)
FIT = "model.fit(np.ones([4, 2]), np.ones([4, 1]))\n"


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            DECODE.format(
                body="    h, w, c = image.shape\n    return tf.image.resize(image, [h // 2, w // 2])\n"
            ),
            ["TF897", "TF897"],
        ),
        (
            DECODE.format(
                body="    h, w = image.shape[:2]\n    return image if h > 100 else image\n"
            ),
            ["TF897"],
        ),
        (
            DECODE.format(body="    return tf.zeros([image.get_shape().as_list()[0], 3])\n"),
            ["TF897"],
        ),
        # the image a previous map decoded (checked under TF 2.21: TypeError on `h > w`)
        (
            "def load(path):\n    return tf.io.decode_jpeg(tf.io.read_file(path)), path\n"
            "def fit(image, path):\n    h, w = image.shape[0], image.shape[1]\n"
            "    return image if h > w else image\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(load).map(fit)\n",
            ["TF897", "TF897"],
        ),
        # one name rebound down the body (`x = read_file`, `x = decode_jpeg(x)`, `x = resize`):
        # the shape is read where `x` holds the decoded image (tensorflow/tensorflow#62183;
        # checked under TF 2.21: TypeError on `nrows // 2`)
        (
            "def preprocess(file_name):\n    x = tf.io.read_file(file_name)\n"
            "    x = tf.io.decode_jpeg(x)\n    nrows, ncols, _ = x.shape\n"
            "    x = tf.image.resize(x, (nrows // 2, ncols // 2))\n    return x\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(preprocess)\n",
            ["TF897", "TF897"],
        ),
        # rebound in a branch: which value reaches the read is not proven
        (
            "def preprocess(x, flag):\n    x = tf.io.decode_jpeg(x)\n    if flag:\n"
            "        x = tf.zeros([4, 4, 3])\n    h = x.shape[0]\n"
            "    return tf.reshape(x, [h // 2, -1])\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(preprocess)\n",
            [],
        ),
        # a Python-function op's result has unknown rank while traced (tensorflow/tensorflow
        # #35108; checked under TF 2.21: ValueError, cannot convert a partially known
        # TensorShape), even where the name is rebound by the statement that reads it
        (
            "def make(i):\n    return np.ones([2, 3], np.float32)\n"
            "@tf.function\ndef clean(i):\n    x = tf.py_function(make, [i], tf.float32)\n"
            "    x = tf.reshape(x, x.get_shape())\n    return x\n",
            ["TF897"],
        ),
        # its static shape restored first: nothing to claim
        (
            "def make(i):\n    return np.ones([2, 3], np.float32)\n"
            "@tf.function\ndef clean(i):\n    x = tf.py_function(make, [i], tf.float32)\n"
            "    x = tf.ensure_shape(x, [2, 3])\n    return tf.reshape(x, x.get_shape())\n",
            [],
        ),
        # a static shape with a None dimension handed whole to a TF op, which converts it
        # (tensorflow/tensorflow#62183; checked under TF 2.21: ValueError, cannot convert a
        # partially known TensorShape to a Tensor)
        (
            "def preprocess(file_name):\n    x = tf.io.decode_jpeg(tf.io.read_file(file_name))\n"
            "    size = tf.cast(tf.divide(x.shape, 2), tf.int32)[:2]\n"
            "    return tf.image.resize(x, size)\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(preprocess)\n",
            ["TF897"],
        ),
        (
            "@tf.function(input_signature=[tf.TensorSpec([None, 3])])\n"
            "def dims(x):\n    return tf.convert_to_tensor(x.shape)\n",
            ["TF897"],
        ),
        # every dimension known: the shape converts
        (
            "@tf.function(input_signature=[tf.TensorSpec([2, 3])])\n"
            "def dims(x):\n    return tf.convert_to_tensor(x.shape)\n",
            [],
        ),
        # its path, the second element, is a scalar: nothing to claim
        (
            "def load(path):\n    return tf.io.decode_jpeg(tf.io.read_file(path)), path\n"
            "def fit(image, path):\n    return image if path.shape[0] > 2 else image\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(load).map(fit)\n",
            [],
        ),
        # the channels are known (channels=3): a size to use
        (DECODE.format(body="    c = image.shape[2]\n    return tf.reshape(image, [-1, c])\n"), []),
        (
            "class Noise(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        return x + tf.random.normal(x.shape) + np.broadcast_to(1.0, x.shape)\n"
            "model = tf.keras.Sequential([Noise()])\n" + FIT,
            ["TF897", "TF897"],
        ),
        # a model the module compiles and fits, whatever its kind (built by a helper)
        (
            "def flat(y_true, y_pred):\n    n = y_true.get_shape()[0]\n"
            "    return tf.reshape(y_true - y_pred, [n, -1])\n"
            "net = build()\nnet.compile('sgd', loss=flat)\nnet.fit(x, y)\n",
            ["TF897"],
        ),
        (
            "def flat(y_true, y_pred):\n    n = y_true.get_shape()[0]\n"
            "    return tf.reduce_mean(tf.reshape(y_true - y_pred, [n, -1]))\n"
            "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
            "model.compile('sgd', loss=flat)\n" + FIT,
            ["TF897"],
        ),
    ],
)
def test_static_dimensions_that_are_none_while_traced(source, expected):
    assert rule_ids(HEADER + source, ["TF897"]) == expected


def test_a_keras_batch_dimension_is_certain_only_where_the_module_builds_or_trains_models():
    layer = (
        "class Noise(tf.keras.layers.Layer):\n    def call(self, x):\n"
        "        return x + tf.random.normal(x.shape)\n"
    )
    (alone,) = lint(HEADER + layer, ["TF897"])
    assert alone.preview  # a library's layer: shown only with --preview
    (built,) = lint(
        HEADER + layer + "inputs = tf.keras.Input((3,))\nout = Noise()(inputs)\n", ["TF897"]
    )
    assert not built.preview
    assert any(
        "this module builds or trains Keras models (`tf.keras.Input((3,))`)" in step.message
        for step in built.evidence.value
    )


@pytest.mark.parametrize(
    "inputs", ["tf.keras.Input((3,), batch_size=4)", "tf.keras.Input(batch_shape=(4, 3))"]
)
def test_a_keras_input_that_fixes_the_batch_size_gives_no_none_batch(inputs):
    """Checked under TF 2.21 / Keras 3.15: the layer built and predicted on such an input sees
    a batch of 4, not None (stateful RNNs and TPU code fix it so)."""
    layer = (
        "class Noise(tf.keras.layers.Layer):\n    def call(self, x):\n"
        "        return x + tf.random.normal(x.shape)\n"
    )
    (found,) = lint(HEADER + layer + f"inputs = {inputs}\nout = Noise()(inputs)\n", ["TF897"])
    assert found.preview  # as for a library's layer: nothing in the module makes it None


@pytest.mark.parametrize(
    "body, expected",
    [
        # checked under TF 2.21: KeyError while tracing (fixtures/TF892)
        ("    for name in ['double']:\n        x = locals()[name](x)\n    return x\n", ["TF892"]),
        ("    if x > 0:\n        x = locals()['double'](x)\n    return x\n", ["TF892"]),
        # at the function's top level locals() holds the helpers
        ("    return locals()['double'](x)\n", []),
    ],
)
def test_locals_in_a_converted_block(body, expected):
    source = "@tf.function\ndef f(x):\n    def double(v):\n        return v * 2\n" + body
    assert rule_ids(HEADER + source, ["TF892"]) == expected
    assert rule_ids(HEADER + source.replace("@tf.function\n", ""), ["TF892"]) == []


@pytest.mark.parametrize(
    "source, expected",
    [
        # Keras 3.15: TypeError, a symbolic KerasTensor cannot be used as a boolean
        (
            "x = keras.Input((3,))\nh = keras.layers.Dense(2)(x)\nif x[0, 0] > 0:\n    pass\n",
            ["TF891"],
        ),
        (
            "x = keras.Input((3,))\nh = keras.layers.Dense(2)(x)\nif keras.ops.mean(h) == 0:\n    pass\n",
            ["TF891"],
        ),
        # static shapes, `is None`, Python values
        ("x = keras.Input((3,))\nif x.shape[1] > 2 or x is None:\n    pass\n", []),
        ("def f(units):\n    x = keras.Input((units,))\n    if units > 2:\n        return x\n", []),
    ],
)
def test_python_condition_on_a_symbolic_keras_input(source, expected):
    assert rule_ids("import keras\n" + source, ["TF891"]) == expected


@pytest.mark.parametrize("name", state_forms("TF803", "TF804", "TF808", "TF890", "TF898"))
def test_a_graph_incompatible_form_confirmed_under_tensorflow_is_reported(name):
    """A layer's one-tensor output unpacked, `len()` in a Keras 3 metric, a conditional
    expression in a metric function listed by name, a py-function map feeding `fit`."""
    check_state_form(name)


def test_len_of_a_tensor_in_converted_code_is_fine():
    """AutoGraph turns len() of a tensor into its size."""
    source = HEADER + "@tf.function\ndef f(x):\n    return x * len(tf.shape(x))\n"
    assert rule_ids(source, ["TF803"]) == []


PY_FUNCTIONS = "import numpy as np\nimport tensorflow as tf\nimport keras\n"


@pytest.mark.parametrize(
    "source",
    [
        "class L(keras.layers.Layer):\n    def call(self, x):\n"
        "        return tf.numpy_function(np.sort, [x], tf.float32)\n",
        "class L(keras.layers.Layer):\n    def call(self, x):\n"
        "        y = tf.py_function(np.sort, [x], tf.float32)\n        return y\n",
        "def load(p, y):\n    x = tf.numpy_function(np.load, [p], tf.float32)\n    return x, y\n"
        "ds = tf.data.Dataset.from_tensor_slices((['a'], [0])).map(load)\n"
        "keras.Sequential([keras.layers.Dense(1)]).fit(ds.batch(1))\n",
    ],
)
def test_python_function_result_returned_without_its_shape(source):
    assert rule_ids(PY_FUNCTIONS + source, ["TF890"]) == ["TF890"]


@pytest.mark.parametrize(
    "source",
    [
        # the static shape restored
        "class L(keras.layers.Layer):\n    def call(self, x):\n"
        "        y = tf.numpy_function(np.sort, [x], tf.float32)\n        y.set_shape(x.shape)\n"
        "        return y\n",
        # a dataset iterated in Python: its elements are eager tensors of known shape
        "def load(p, y):\n    x = tf.numpy_function(np.load, [p], tf.float32)\n    return x, y\n"
        "ds = tf.data.Dataset.from_tensor_slices((['a'], [0])).map(load)\n"
        "for x, y in ds:\n    print(x.shape)\n",
        # a plain tf.function's caller gets the tensor, not a layer's build
        "@tf.function\ndef f(x):\n    return tf.numpy_function(np.sort, [x], tf.float32)\n",
        # padded_batch's padded shapes give each component its rank again (fit ran under TF
        # 2.21: element spec (None, None) after the batch)
        "def load(p, y):\n    x = tf.py_function(np.load, [p], tf.float32)\n    return x, y\n"
        "ds = tf.data.Dataset.from_tensor_slices((['a'], [0])).map(load)\n"
        "train = ds.padded_batch(4, padded_shapes=([-1], []))\n"
        "keras.Sequential([keras.layers.Dense(1)]).fit(train)\n",
        "def load(p, y):\n    x = tf.py_function(np.load, [p], tf.float32)\n    return x, y\n"
        "ds = tf.data.Dataset.from_tensor_slices((['a'], [0])).map(load)\n"
        "keras.Sequential([keras.layers.Dense(1)]).fit(ds.padded_batch(4, ([-1], [])))\n",
    ],
)
def test_python_function_result_with_its_shape_or_unused_for_building(source):
    assert rule_ids(PY_FUNCTIONS + source, ["TF890"]) == []


@pytest.mark.parametrize(
    ("argument", "expected"),
    [("tf.shape(y)", ["TF889"]), ("y.shape", []), ("[None, 3]", [])],
)
def test_set_shape_needs_a_static_shape(argument, expected):
    source = HEADER + f"@tf.function\ndef f(x, y):\n    x.set_shape({argument})\n    return x\n"
    assert rule_ids(source, ["TF889"]) == expected


LAYERS = "import tensorflow as tf\nimport keras\n"


@pytest.mark.parametrize(
    ("built", "expected"),
    [
        ("keras.layers.LSTM(4)", ["TF898"]),
        ("keras.layers.Dense(4)", ["TF898"]),
        ("keras.Sequential([keras.layers.Dense(4)])", ["TF898"]),
        # the options the knowledge base saw give several tensors
        ("keras.layers.LSTM(4, return_state=True)", []),
        ("keras.layers.LSTM(4, **options)", []),
        # a module-defined layer whose call returns a tuple
        ("Pair()", []),
    ],
)
def test_unpacking_a_layer_that_gives_one_tensor(built, expected):
    source = LAYERS + (
        "options = {}\n"
        "class Pair(keras.layers.Layer):\n    def call(self, x):\n        return x, x\n"
        "class M(keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        f"        self.inner = {built}\n"
        "    def call(self, x):\n        a, b = self.inner(x)\n        return a\n"
    )
    assert rule_ids(source, ["TF898"]) == expected


def test_unpacking_a_one_output_functional_model():
    source = LAYERS + (
        "inputs = keras.Input((4,))\nz = keras.layers.Dense(2)(inputs)\n"
        "class M(keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        "        self.one = keras.Model(inputs, z)\n        self.two = keras.Model(inputs, [z, z])\n"
        "    def call(self, x):\n        a, b = self.one(x)\n        c, d = self.two(x)\n"
        "        return a\n"
    )
    assert [d.line for d in lint(source, ["TF898"])] == [11]


def test_attribute_set_on_a_tensor_read_from_a_traced_parameter():
    source = HEADER + (
        "images = tf.zeros([2, 4])\nimages.labels = tf.constant([0, 1])\n"
        "@tf.function\ndef f(batch):\n    return batch.labels\n"
        "@tf.function\ndef g(batch):\n    return batch.shape\n"
        "class Box:\n    pass\nbox = Box()\nbox.extra = 1\n"
        "@tf.function\ndef h(thing):\n    return thing.extra\n"
    )
    assert rule_ids(source, ["TF888"]) == ["TF888"]


@pytest.mark.parametrize(
    ("ksize", "expected"),
    [
        ("tf.random.uniform([], 1, 4, dtype=tf.int32)", ["TF887"]),
        ("[1, tf.random.uniform([], 1, 4, dtype=tf.int32), 2, 1]", ["TF887"]),
        ("3", []),
        ("size", []),  # a parameter: the caller may pass a Python int
    ],
)
def test_pooling_window_needs_a_python_number(ksize, expected):
    source = HEADER + (
        "@tf.function\ndef f(image, size):\n"
        f"    return tf.nn.max_pool2d(image, {ksize}, 1, 'SAME')\n"
    )
    assert rule_ids(source, ["TF887"]) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a per-example stride tf.map_fn slices out of its elements: an attribute of Conv2D
        (
            "    return tf.map_fn(lambda e: tf.nn.conv2d(e[0][None], k, strides=e[1], "
            "padding='SAME'), (x, s), fn_output_signature=tf.float32)\n",
            ["TF887"],
        ),
        (
            "    def one(element):\n        image, stride = element\n"
            "        return tf.nn.conv2d(image[None], k, stride, 'SAME')\n"
            "    return tf.map_fn(one, (x, s), fn_output_signature=tf.float32)\n",
            ["TF887"],
        ),
        ("    return tf.stack([x, x], axis=tf.argmax(tf.shape(x)))\n", ["TF887"]),
        ("    return tf.reduce_sum(x, 1, keepdims=tf.reduce_any(x > 0))\n", ["TF887"]),
        ("    return tf.unstack(x, num=tf.shape(x)[0])\n", ["TF887"]),
        # tf.constant takes only concrete values: a tensor computed in the graph fails
        (
            "    n = tf.shape(x)[0]\n    return tf.range(tf.constant(n, dtype=tf.int32))\n",
            ["TF887"],
        ),
        ("    return tf.constant(tf.reduce_max(x) + 1)\n", ["TF887"]),
        ("    return tf.constant([1, 2]) + tf.convert_to_tensor(tf.shape(x)[0])\n", []),
        ("    return tf.constant(np.arange(4)) + x\n", []),
        # Python values, and tensors where the op takes them as inputs
        ("    return tf.nn.conv2d(x, k, strides=2, padding='SAME')\n", []),
        ("    return tf.nn.conv2d(x, k, strides=s, padding='SAME')\n", []),
        ("    return tf.one_hot(x, depth=tf.reduce_max(x) + 1)\n", []),
        ("    return tf.concat([x, x], axis=tf.rank(x) - 1)\n", []),
        (
            "    def one(element):\n        image, stride = element\n"
            "        return tf.nn.conv2d(image[None], k, 1, 'SAME') * tf.cast(stride, tf.float32)\n"
            "    return tf.map_fn(one, (x, s), fn_output_signature=tf.float32)\n",
            [],
        ),
    ],
)
def test_op_attribute_given_a_tensor(body, expected):
    source = HEADER + "k = tf.ones([3, 3, 1, 1])\n@tf.function\ndef f(x, s):\n" + body
    assert rule_ids(source, ["TF887"]) == expected


# Issue 28's forms of code Keras traces (often without AutoGraph): each a bad program and its
# fix in tests/data/keras_traced_forms, run under TF 2.21 / Keras 3.15 (one under tf-keras) by
# `tf2lint verify --suite tests/data/keras_traced_forms` (record: verified.json): a Lambda's
# function, a regularizer, a metric given to compile, `update_state`, a layer's `call`.
FORMS = ROOT / "tests" / "data" / "keras_traced_forms"
FORM_PROGRAMS = realworld.load_suite(FORMS)


def test_each_keras_traced_form_is_verified_under_tensorflow():
    record = json.loads((FORMS / "verified.json").read_text())
    recorded = {entry["name"]: entry for entry in record["programs"]}
    assert set(recorded) == {p.name for p in FORM_PROGRAMS}, (
        "rerun: tf2lint verify --suite tests/data/keras_traced_forms "
        "--record tests/data/keras_traced_forms/verified.json"
    )
    for program in FORM_PROGRAMS:
        entry = recorded[program.name]
        assert entry["digest"] == program.digest(), f"{program.name} changed since verified"
        assert entry["status"] == realworld.CONFIRMED, f"{program.name}: {entry}"


@pytest.mark.parametrize("program", FORM_PROGRAMS, ids=lambda p: p.name)
def test_keras_traced_form_is_found_on_its_line_and_its_fix_is_clean(program):
    found = {(d.rule, d.line, d.end_line) for d in lint(program.bad.read_text(), ["TF8"])}
    for expectation in program.expectations:
        assert any(
            rule == expectation.label and start <= expectation.line <= end
            for rule, start, end in found
        ), f"{program.name}:{expectation.line} {expectation.label} not found: {found}"
    assert [d.rule for d in lint(program.clean.read_text(), ["TF8"])] == []


def test_static_count_ops_are_named_in_tf897_requires_text():
    from tf2lint.analysis import knowledge
    from tf2lint.rules.graph_shapes import NoneDimensionUsedAsSize

    ops = knowledge.knowledge().static_count_ops
    assert ops  # tf.unstack, keras.ops.unstack
    for op in ops:
        assert any(t in op.rsplit(".", 1)[-1] for t in NoneDimensionUsedAsSize.requires_text)


@pytest.mark.parametrize(
    "source, expected",
    [
        # a loss given to compile as a bound method: Keras passes y_true, y_pred after `self`
        (
            "class Job:\n    def flat(self, y_true, y_pred):\n        n = y_pred.shape[0]\n"
            "        return tf.reshape(y_true - y_pred, [n, -1])\n"
            "    def run(self, model, x):\n        model.compile('sgd', loss=self.flat)\n"
            "        model.fit(x, x)\n",
            ["TF897"],
        ),
        # train_on_batch retraces a smaller last batch with the batch None (TF 2.21, by hand)
        (
            "def flat(y_true, y_pred):\n    n = y_pred.shape[0]\n"
            "    return tf.reshape(y_true - y_pred, [n, -1])\n"
            "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
            "model.compile('sgd', loss=flat)\nmodel.train_on_batch(np.ones([4, 2]), np.ones([4, 1]))\n",
            ["TF897"],
        ),
        # dimension 0 replaced before the shape is used: nothing to claim
        (
            "class M(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        shape = x.get_shape().as_list()\n        shape[0] = -1\n"
            "        return tf.reshape(x, shape + [1])\n"
            "out = M()(tf.keras.Input((3,)))\n",
            [],
        ),
        (
            "class M(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        shape = x.get_shape().as_list()\n"
            "        for i in range(len(shape)):\n"
            "            if shape[i] is None:\n                shape[i] = tf.shape(x)[i]\n"
            "        return tf.reshape(x, shape + [1])\n"
            "out = M()(tf.keras.Input((3,)))\n",
            [],
        ),
        # unstack along a known axis, or with its count given
        (
            "class M(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        return tf.stack(tf.unstack(x, axis=1))\nout = M()(tf.keras.Input((3,)))\n",
            [],
        ),
    ],
)
def test_more_static_dimension_forms(source, expected):
    assert rule_ids(HEADER + source, ["TF897"]) == expected


def test_a_static_size_read_once_is_reported_once_at_the_read_spanning_its_uses():
    source = HEADER + (
        "def flat(y_true, y_pred):\n    n = y_pred.shape[0]\n"
        "    a = tf.reshape(y_true, [n, -1])\n    b = tf.reshape(y_pred, [n, -1])\n"
        "    return a - b\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "model.compile('sgd', loss=flat)\nmodel.fit(np.ones([4, 2]), np.ones([4, 1]))\n"
    )
    (finding,) = lint(source, ["TF897"])
    read = HEADER.count("\n") + 2
    assert finding.line == read and finding.end_line == read + 1
    assert "`y_pred.shape[0]`" in finding.message


def test_a_lambda_layers_function_is_unconverted_under_tf_keras_too():
    # checked under TF 2.21 with TF_USE_LEGACY_KERAS=1: OperatorNotAllowedInGraphError
    source = (
        "import tensorflow as tf\nimport tf_keras as keras\n"
        "def flip(x):\n    if tf.reduce_sum(x) > 0:\n        return x\n    return -x\n"
        "inputs = keras.Input((3,))\nmodel = keras.Model(inputs, keras.layers.Lambda(flip)(inputs))\n"
    )
    assert rule_ids(source, ["TF808"]) == ["TF808"]


@pytest.mark.parametrize(
    "tail, expected",
    [
        ("model = keras.Sequential([keras.Input((3, 2)), keras.layers.Lambda(rows)])\n", ["TF807"]),
        ("inputs = keras.Input((3, 2))\nout = keras.layers.Lambda(rows)(inputs)\n", ["TF807"]),
        # given a list of tensors, the function iterates a Python list
        ("a = keras.Input((3, 2))\nout = keras.layers.Lambda(rows)([a, a])\n", []),
    ],
)
def test_a_lambda_function_iterating_its_one_tensor_input(tail, expected):
    source = (
        "import keras\n"
        "def rows(x):\n    return keras.ops.stack([keras.ops.sum(r) for r in x])\n" + tail
    )
    assert rule_ids(source, ["TF807"]) == expected


# --- what Keras passes the user's functions it traces (issue 28, dev-keras32) ----------------

KERAS_HEADER = "import numpy as np\nimport tensorflow as tf\nfrom tensorflow import keras\n"
SEQUENTIAL = (
    "model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(4, activation={act})])\n"
    "model.compile(optimizer='sgd', loss={loss}, metrics=[{metric}])\n"
)


@pytest.mark.parametrize(
    "body, rule",
    [
        # a function given as a layer's activation: Keras's Dense.call applies it, unconverted
        (
            "def piecewise(x):\n    if x > 0:\n        return x\n    return 0.1 * x\n\n\n"
            + SEQUENTIAL.format(act="piecewise", loss="'mse'", metric="'mae'"),
            "TF808",
        ),
        # wrapped in an Activation layer of a functional model
        (
            "def piecewise(x):\n    if x > 0:\n        return x\n    return 0.1 * x\n\n\n"
            "inp = keras.Input(shape=(3,))\n"
            "out = keras.layers.Activation(piecewise)(keras.layers.Dense(4)(inp))\n",
            "TF808",
        ),
        # a metric that builds Python sets from y_true and y_pred iterates them
        (
            "def overlap(y_true, y_pred):\n    return len(set(y_true) & set(y_pred))\n\n\n"
            + SEQUENTIAL.format(act="'relu'", loss="'mse'", metric="overlap"),
            "TF807",
        ),
        # a loss that tuple-unpacks y_pred (one tensor) iterates its batch dimension
        (
            "def triplet(y_true, y_pred):\n    pos, neg = y_pred\n"
            "    return tf.reduce_mean(tf.maximum(pos - neg, 0.0))\n\n\n"
            + SEQUENTIAL.format(act="'relu'", loss="triplet", metric="'mae'"),
            "TF898",
        ),
        # a regularizer given to `self.add_weight` gets the weight in the train step
        (
            "def spectral(kernel):\n    return np.max(np.linalg.eigvals(kernel))\n\n\n"
            "class Coupled(keras.layers.Layer):\n    def build(self, shape):\n"
            "        self.w = self.add_weight(shape=(3, 3), regularizer=spectral)\n",
            "TF804",
        ),
        # NumPy on the input of a layer the module calls on a keras.Input
        (
            "class Bits(keras.layers.Layer):\n    def call(self, inputs):\n"
            "        return tf.constant(np.asarray(inputs) > 0.5)\n\n\n"
            "inp = keras.Input(shape=(3,))\nout = Bits()(inp)\n",
            "TF804",
        ),
    ],
)
def test_keras_fed_values_in_traced_user_code(body, rule):
    assert rule in rule_ids(KERAS_HEADER + body, [rule])


@pytest.mark.parametrize(
    "body, rule",
    [
        # an activation given by name is Keras's own
        (SEQUENTIAL.format(act="'relu'", loss="'mse'", metric="'mae'"), "TF808"),
        # a Python flag (a parameter with a default) in an activation is no tensor
        (
            "def leaky(x, clip=False):\n    if clip:\n        return tf.minimum(x, 1.0)\n"
            "    return x\n\n\n" + SEQUENTIAL.format(act="leaky", loss="'mse'", metric="'mae'"),
            "TF808",
        ),
        # `sorted` is converted by AutoGraph, and a set of a Python list is Python
        (
            "def overlap(y_true, y_pred):\n    names = set(['a', 'b'])\n"
            "    return tf.reduce_mean(y_pred) + len(names)\n\n\n"
            + SEQUENTIAL.format(act="'relu'", loss="'mse'", metric="overlap"),
            "TF807",
        ),
        # a multi-input layer unpacks the list Keras passes it
        (
            "class Join(keras.layers.Layer):\n    def call(self, inputs):\n"
            "        a, b = inputs\n        return a + b\n\n\n"
            "x = keras.Input(shape=(3,))\nout = Join()([x, x])\n",
            "TF898",
        ),
        # a dataset function's component may be a tuple
        (
            "def split(pair, label):\n    a, b = pair\n    return a + b, label\n\n\n"
            "ds = tf.data.Dataset.from_tensor_slices(((np.ones(2), np.ones(2)), np.ones(2)))\n"
            "ds = ds.map(split)\n",
            "TF898",
        ),
    ],
)
def test_keras_fed_values_correct_code_is_quiet(body, rule):
    assert rule_ids(KERAS_HEADER + body, [rule]) == []


REBIND_HEADER = "import tensorflow as tf\n\nv = tf.Variable(1.0)\n\n\n@tf.function\n"


@pytest.mark.parametrize(
    "body, expected",
    [
        # in a graph loop: the name is a loop variable
        (
            "def f(n):\n    w = v\n    for _ in tf.range(n):\n        w = w.assign(w * 0.5)\n"
            "    return w\n",
            1,
        ),
        # in an `if` on the variable, with an update after it
        (
            "def f(x):\n    w = v\n    if w > x:\n        w = w.assign(x)\n"
            "    w.assign_add(1.0)\n    return w\n",
            1,
        ),
        # an element update, `a = a[0].assign(...)`, in an `if` inside a Python loop
        (
            "def f(x):\n    a = v\n    for _ in range(3):\n        if a > x:\n"
            "            a = a.assign_sub(x)\n    return a\n",
            1,
        ),
        # a Python `if` (a flag) is decided while tracing: the name stays the variable
        (
            "def f(flag):\n    w = v\n    if flag:\n        w = w.assign(2.0)\n"
            "    w.assign_add(1.0)\n    return w\n",
            0,
        ),
        # straight-line rebinding: the variable's lazy read still has `assign`
        ("def f(x):\n    w = v\n    w = w.assign(x)\n    w.assign_add(1.0)\n    return w\n", 0),
        # the last update in a tensor `if`, nothing updates the name after it
        ("def f(x):\n    w = v\n    if w > x:\n        w = w.assign(x)\n    return w\n", 0),
        # another name for the new value
        (
            "def f(n):\n    for _ in tf.range(n):\n        new = v.assign(v * 0.5)\n"
            "    return new\n",
            0,
        ),
    ],
)
def test_variable_rebound_to_update_result(body, expected):
    assert rule_ids(REBIND_HEADER + body, ["TF886"]) == ["TF886"] * expected


LOSS_FITTED = (
    "import tensorflow as tf\nfrom tensorflow import keras\n\n\n{body}\n\n"
    "model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(4)])\n"
    "model.compile(optimizer='sgd', loss=loss)\n"
    "model.fit(tf.ones((10, 4)), tf.ones((10, 4)), batch_size=4)\n"
)


@pytest.mark.parametrize(
    "body, expected",
    [
        # the batch size of a tensor a shape-keeping op made from y_pred
        (
            "def loss(y_true, y_pred):\n    p = tf.sigmoid(y_pred)\n    n = p.shape[0]\n"
            "    return tf.reduce_mean(tf.reshape(p, (n, -1)))",
            1,
        ),
        # a helper the loss hands y_pred to reads it
        (
            "def flatten(t):\n    return tf.reshape(t, [t.shape[0], -1])\n\n\n"
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(flatten(y_true - y_pred))",
            0,  # `y_true - y_pred` is no parameter: not followed
        ),
        (
            "def flatten(t):\n    return tf.reshape(t, [t.shape[0], -1])\n\n\n"
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(flatten(y_pred))",
            1,
        ),
        # the helper's size comes from a dimension that is known
        (
            "def flatten(t):\n    return tf.reshape(t, [t.shape[1], -1])\n\n\n"
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(flatten(y_pred))",
            0,
        ),
    ],
)
def test_loss_batch_dimension_through_ops_and_helpers(body, expected):
    assert rule_ids(LOSS_FITTED.format(body=body), ["TF897"]) == ["TF897"] * expected


# TF860: Python string methods on a string tensor in traced code (tensorflow/tensorflow#29972,
# #39977, #46685; each checked under TF 2.21: AttributeError while tracing); which methods a
# graph string tensor lacks comes from the knowledge base.
@pytest.mark.parametrize(
    "source, expected",
    [
        # what tf.data passes a map function
        (
            "def load(path):\n    return np.load(path.decode())\n"
            "ds = tf.data.Dataset.from_tensor_slices(['a.npy']).map(load)\n",
            ["TF860"],
        ),
        (
            "def parse(line):\n    return line.split(',')\n"
            "ds = tf.data.TextLineDataset('a.csv').map(parse)\n",
            ["TF860"],
        ),
        # computed by a TF op in a tf.function
        (
            "@tf.function\ndef ext(path):\n    return tf.strings.lower(path).endswith('.png')\n",
            ["TF860"],
        ),
        # the value first: bytes, which has the method (an eager tensor's `.numpy()`)
        ("def load(path):\n    return np.load(path.numpy().decode())\n", []),
        # tf.numpy_function hands its function bytes: not traced
        (
            "def read(path):\n    return np.load(path.decode())\n"
            "def load(path):\n    return tf.numpy_function(read, [path], tf.float32)\n"
            "ds = tf.data.Dataset.from_tensor_slices(['a.npy']).map(load)\n",
            [],
        ),
        # a Python string in traced code
        ("@tf.function\ndef f(x, name='a/b'):\n    return x, name.split('/')\n", []),
        # not traced: a helper called eagerly
        ("def parse(line):\n    return line.split(',')\n", []),
    ],
)
def test_string_method_on_tensor(source, expected):
    assert rule_ids(HEADER + source, ["TF860"]) == expected


# TF895's openers: Python's `open` and `pathlib.Path` need a path, not a string tensor (checked
# under TF 2.21: TypeError, expected str, bytes or os.PathLike object, not SymbolicTensor).
@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "import json\ndef load(path, ann):\n    with open(ann) as f:\n        boxes = json.load(f)\n"
            "    return tf.io.read_file(path), boxes\n"
            "ds = tf.data.Dataset.from_tensor_slices((['a.jpg'], ['a.json'])).map(load)\n",
            ["TF895"],
        ),
        (
            "import pathlib\ndef stem(path):\n    return pathlib.Path(path).stem\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(stem)\n",
            ["TF895"],
        ),
        # a Python path, an option of the map function
        (
            "def load(path, vocab='v.txt'):\n    with open(vocab) as f:\n        f.read()\n"
            "    return tf.io.read_file(path)\n"
            "ds = tf.data.Dataset.list_files('*.jpg').map(load)\n",
            [],
        ),
        # in the function tf.numpy_function runs: bytes
        (
            "def read(ann):\n    with open(ann) as f:\n        return f.read()\n"
            "def load(ann):\n    return tf.numpy_function(read, [ann], tf.string)\n"
            "ds = tf.data.Dataset.list_files('*.json').map(load)\n",
            [],
        ),
    ],
)
def test_python_openers_given_a_string_tensor(source, expected):
    assert rule_ids(HEADER + source, ["TF895"]) == expected


# TF896's membership form (tensorflow/tensorflow#35127; checked under TF 2.21: TypeError, Tensor
# is unhashable, for a dict; OperatorNotAllowedInGraphError for a list).
@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "VOCAB = {'cat': 0, 'dog': 1}\ndef encode(word):\n"
            "    return tf.constant(1) if word in VOCAB else tf.constant(0)\n"
            "ds = tf.data.Dataset.from_tensor_slices(['cat']).map(encode)\n",
            ["TF896"],
        ),
        (
            "def keep(label):\n    return label not in ['cat', 'dog']\n"
            "ds = tf.data.Dataset.from_tensor_slices(['cat']).filter(keep)\n",
            ["TF896"],
        ),
        # a Python string tested against a dict in traced code
        (
            "VOCAB = {'cat': 0}\n@tf.function\ndef f(x, name='cat'):\n"
            "    return x * 2 if name in VOCAB else x\n",
            [],
        ),
        # a set or dict display keyed by a graph tensor (checked under TF 2.21: TypeError,
        # Tensor is unhashable)
        ("@tf.function\ndef f(a, b):\n    return len({tf.abs(a), tf.abs(b)})\n", ["TF896"]),
        ("@tf.function\ndef g(x):\n    return {tf.reduce_sum(x): 1}\n", ["TF896"]),
        # tensors as values, Python strings as keys
        ("@tf.function\ndef h(a, b):\n    return {'a': tf.abs(a), 'b': b}\n", []),
        # membership in a tensor is not a Python container's
        (
            "def encode(word):\n    return word in tf.constant(['cat'])\n"
            "ds = tf.data.Dataset.from_tensor_slices(['cat']).map(encode)\n",
            [],
        ),
    ],
)
def test_membership_of_a_tensor_in_a_python_container(source, expected):
    assert rule_ids(HEADER + source, ["TF896"]) == expected


# Checked under TF 2.21 / Keras 3.15.1 (each source run as a program): NumPy and Python's
# conversions on a symbolic KerasTensor raise while the model is built; np.shape/np.ndim read
# only its shape.
@pytest.mark.parametrize(
    "source, expected",
    [
        # ValueError: A KerasTensor is symbolic ... cannot convert it to a NumPy array
        ("x = keras.Input((3,))\nh = keras.layers.Dense(2)(x)\ny = np.tanh(h)\n", ["TF870"]),
        ("x = keras.Input((3,))\ny = np.concatenate([x, x], axis=1)\n", ["TF870"]),
        # TypeError: 'KerasTensor' object cannot be interpreted as an integer (keras#15566)
        ("n = keras.Input((2,), dtype='int32')\nfor i in range(n):\n    pass\n", ["TF870"]),
        # TypeError: object of type 'KerasTensor' has no len()
        ("x = keras.Input((3,))\nh = keras.layers.Dense(2)(x)\nk = len(h)\n", ["TF870"]),
        # AttributeError: 'KerasTensor' object has no attribute 'numpy'
        ("x = keras.Input((3,))\nv = (x * 2).numpy()\n", ["TF870"]),
        # shapes, Python values, NumPy data fed to a built model
        ("x = keras.Input((3,))\nn = int(np.prod(x.shape[1:])) + np.ndim(x)\n", []),
        ("x = keras.Input((3,))\nd = len(np.shape(x))\n", []),
        (
            "x = keras.Input((3,))\nm = keras.Model(x, keras.layers.Dense(2)(x))\n"
            "p = np.argmax(m.predict(np.ones((1, 3))))\n",
            [],
        ),
        ("def f(units):\n    x = keras.Input((units,))\n    return np.zeros(units), x\n", []),
        # the output of the module's own layer class (AttributeError: 'KerasTensor' object has
        # no attribute 'numpy')
        (
            "class Scale(keras.layers.Layer):\n    def call(self, x):\n        return x * 2\n"
            "x = keras.Input((3,))\ns = Scale()(x)\nprint(s.numpy())\n",
            ["TF870"],
        ),
    ],
)
def test_python_value_of_a_symbolic_keras_tensor(source, expected):
    assert rule_ids("import keras\nimport numpy as np\n" + source, ["TF870"]) == expected


def test_a_local_rebound_from_itself_keeps_its_tensor_kind():
    """`err = err / 2.0` in a loop over a tensor condition: the name holds a tensor still, so a
    Keras 3 loss's `while err > 1.0` fails (OperatorNotAllowedInGraphError, TF 2.21); a name
    rebound only from itself (`n = n + 1` from a parameter) proves nothing."""
    source = """\
        import keras
        import tensorflow as tf


        def halved(y_true, y_pred):
            err = tf.reduce_mean(tf.abs(y_true - y_pred))
            while err > 1.0:
                err = err / 2.0
            return err


        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        model.compile("adam", loss=halved)
        """
    assert rule_ids(source, ["TF808"]) == ["TF808"]
    python_counter = source.replace(
        "err = tf.reduce_mean(tf.abs(y_true - y_pred))", "err = float(len(y_true.shape))"
    )
    assert rule_ids(python_counter, ["TF808"]) == []


def test_a_keras_models_own_compute_loss_gives_a_tensor():
    """`self.compute_loss(...)` in a Keras 3 `train_step`: the knowledge base (probed from
    Keras) says it returns a tensor, so `if loss > 10.0` fails while `fit` traces the step
    (OperatorNotAllowedInGraphError, TF 2.21)."""
    source = """\
        import keras
        import tensorflow as tf


        class Clipped(keras.Model):
            def train_step(self, data):
                x, y = data
                with tf.GradientTape() as tape:
                    loss = self.compute_loss(y=y, y_pred=self(x, training=True))
                if loss > 10.0:
                    loss = loss / 10.0
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                return {"loss": loss}
        """
    assert rule_ids(source, ["TF808"]) == ["TF808"]
    own = source.replace(
        "def train_step(self",
        "def compute_loss(self, **kw):\n                return 0.0\n\n            def train_step(self",
    )
    assert rule_ids(own, ["TF808"]) == []


def test_len_of_a_layers_one_tensor_input_in_keras_3():
    """`len(inputs)` in a Keras 3 layer's `call` that the module applies to one `keras.Input`:
    TypeError while the functional model is built (TF 2.21); a layer given a list may take
    its length."""
    source = """\
        import keras
        import tensorflow as tf


        class MeanPool(keras.layers.Layer):
            def call(self, inputs):
                return tf.reduce_sum(inputs, axis=0) / len(inputs)


        inp = keras.Input((4,))
        out = MeanPool()(inp)
        """
    assert rule_ids(source, ["TF803"]) == ["TF803"]
    assert rule_ids(source.replace("MeanPool()(inp)", "MeanPool()([inp, inp])"), ["TF803"]) == []


@pytest.mark.parametrize(
    "body, expected",
    [
        # NotImplementedError: numpy() is only available when eager execution is enabled
        # (TF 2.21: a Keras 3 layer's call built on keras.Input, and fit)
        ("        return x * np.exp(self.w)\n", ["TF804"]),
        ("        return x + np.sum(self.trainable_weights[0])\n", ["TF804"]),
        # a helper every call of the module hands a weight
        ("        self.add_loss(spectral(self.w))\n        return x\n", ["TF804"]),
        # the variable's static shape, a Python size
        ("        return x * float(np.prod(self.w.shape))\n", []),
        ("        return x * np.sqrt(self.units)\n", []),
    ],
)
def test_numpy_on_a_variable_in_traced_code(body, expected):
    source = (
        "import keras\nimport numpy as np\n\n\n"
        "def spectral(w):\n    return np.linalg.norm(w)\n\n\n"
        "class Scale(keras.layers.Layer):\n"
        "    def __init__(self, units=4):\n        super().__init__()\n        self.units = units\n\n"
        "    def build(self, shape):\n"
        "        self.w = self.add_weight(shape=(shape[-1],), initializer='ones')\n\n"
        "    def call(self, x):\n" + body
    )
    assert rule_ids(source, ["TF804"]) == expected
    eager_only = source.replace("def call(self, x)", "def scale(self, x)")
    assert rule_ids(eager_only, ["TF804"]) == []


@pytest.mark.parametrize(
    "test, expected",
    [
        # TF 2.21 / Keras 3.15.1, building the model on keras.Input: OperatorNotAllowedInGraphError
        ("inputs[0, 0] > 0", ["TF808"]),
        ("inputs", ["TF808"]),
        ("not -inputs[0, 0] < 1 and self.on", ["TF808"]),
        # Python's own tests, the static shape, a Python flag
        ("inputs is None or inputs.shape[-1] > 2", []),
        ("inputs == None", []),
        ("self.on", []),
    ],
)
def test_a_condition_on_a_keras_3_layers_one_tensor_input(test, expected):
    source = (
        "import keras\n\n\nclass Gate(keras.layers.Layer):\n"
        "    on = True\n\n"
        f"    def call(self, inputs):\n        if {test}:\n            return inputs * 2.0\n"
        "        return inputs\n\n\ninp = keras.Input((4,))\nout = Gate()(inp)\n"
    )
    assert rule_ids(source, ["TF808"]) == expected
    # a layer given a list of tensors may test the list
    assert rule_ids(source.replace("Gate()(inp)", "Gate()([inp, inp])"), ["TF808"]) == []


def test_a_condition_on_a_lambda_layers_one_tensor_input():
    # TF 2.21 / Keras 3.15.1: the Lambda fails while the functional model is built
    source = (
        "import keras\n\ninp = keras.Input((4,))\n"
        "out = keras.layers.Lambda(lambda x: x * 2.0 if x[0, 0] > 0 else x)(inp)\n"
    )
    assert rule_ids(source, ["TF808"]) == ["TF808"]


@pytest.mark.parametrize(
    "shape, body, expected",
    [
        # TF 2.21 / Keras 3.15.1: building the model fails (TypeError on None)
        ("(None, None, 3)", "return tf.reshape(x, (-1, x.shape[1] * 3))", ["TF897"]),
        ("(None, 8)", "n = x.shape[1]\n        return tf.zeros((4, n))", ["TF897"]),
        # the dimension is known, or it is the last one given as 8
        ("(10, 8)", "return tf.reshape(x, (-1, x.shape[1] * 8))", []),
        ("(None, 8)", "return tf.reshape(x, (-1, x.shape[2] * 2))", []),
    ],
)
def test_a_none_dimension_of_the_keras_input_a_layer_is_applied_to(shape, body, expected):
    source = (
        "import keras\nimport tensorflow as tf\n\n\nclass Flat(keras.layers.Layer):\n"
        f"    def call(self, x):\n        {body}\n\n\n"
        f"inp = keras.Input({shape})\nout = Flat()(inp)\n"
    )
    assert rule_ids(source, ["TF897"]) == expected
    # applied to what a layer that keeps unknown sizes makes of it (the knowledge base's:
    # `Dense` changes only the last dimension)
    after_dense = source.replace("Flat()(inp)", "Flat()(keras.layers.Dense(8)(inp))")
    assert rule_ids(after_dense, ["TF897"]) == expected
    # applied to another layer's output, whose shape the module does not show
    reshaped = source.replace("Flat()(inp)", "Flat()(keras.layers.Reshape((4, -1))(inp))")
    assert rule_ids(reshaped, ["TF897"]) == []


# TF861, checked under TF 2.21 / Keras 3.15 (tensorflow/tensorflow#32912; the rule's fixtures
# under `tf2lint verify --rules TF861`): fit on a generator dataset given only its dtypes raises
# ValueError (cannot take the length of shape with unknown rank).
GENERATED = (
    "import numpy as np\ndef rows():\n    yield np.ones(3), 1.0\n"
    "model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])\n"
)


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "ds = tf.data.Dataset.from_generator(rows, output_types=(tf.float32, tf.float32))\n"
            "model.fit(ds.batch(2))\n",
            ["TF861"],
        ),
        (
            "ds = tf.data.Dataset.from_generator(rows, (tf.float32, tf.float32))\n"
            "train = ds.shuffle(8).batch(2)\nmodel.evaluate(train)\n",
            ["TF861"],
        ),
        # shapes given, or the dataset iterated in Python (eager tensors of known shapes)
        (
            "ds = tf.data.Dataset.from_generator(rows, (tf.float32, tf.float32), ([3], []))\n"
            "model.fit(ds.batch(2))\n",
            [],
        ),
        (
            "ds = tf.data.Dataset.from_generator(rows, output_signature=(\n"
            "    tf.TensorSpec([3]), tf.TensorSpec([])))\nmodel.fit(ds.batch(2))\n",
            [],
        ),
        (
            "ds = tf.data.Dataset.from_generator(rows, output_types=(tf.float32, tf.float32))\n"
            "for x, y in ds:\n    print(x.shape)\n",
            [],
        ),
        # tf-keras (checked: fit on elements of unknown rank runs under tf-keras 2.21)
        (
            "import tf_keras\n"
            "ds = tf.data.Dataset.from_generator(rows, output_types=(tf.float32, tf.float32))\n"
            "model.fit(ds.batch(2))\n",
            [],
        ),
    ],
)
def test_generator_dataset_of_unknown_shape(source, expected):
    assert rule_ids(HEADER + GENERATED + source, ["TF861"]) == expected


# TF862, checked under TF 2.21 (tensorflow/tensorflow#34683; the rule's fixtures under
# `tf2lint verify --rules TF862`): a TensorArray returned from a tf.function reaches the caller
# as a variant tensor (AttributeError on `.stack()`).
@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "@tf.function\ndef f(v):\n    ta = tf.TensorArray(tf.float32, size=2)\n"
            "    ta = ta.write(0, v[0]).write(1, v[1])\n    return ta\n",
            ["TF862"],
        ),
        (
            "@tf.function\ndef f(v):\n    ta = tf.TensorArray(tf.float32, size=1)\n"
            "    return ta.write(0, v), v\n",
            ["TF862"],
        ),
        # the tensor of the array, or a helper traced code calls (not a tf.function boundary)
        (
            "@tf.function\ndef f(v):\n    ta = tf.TensorArray(tf.float32, size=1)\n"
            "    return ta.write(0, v).stack()\n",
            [],
        ),
        (
            "def helper(v):\n    ta = tf.TensorArray(tf.float32, size=1)\n"
            "    return ta.write(0, v)\n"
            "@tf.function\ndef f(v):\n    return helper(v).stack()\n",
            [],
        ),
    ],
)
def test_tensorarray_returned_from_tf_function(source, expected):
    assert rule_ids(HEADER + source, ["TF862"]) == expected


# TF863, checked under TF 2.21 (tensorflow/tensorflow#99162, and a probe program per form run
# by hand): a tensor conditional's branches `tf.unstack(x)`/`[]` and `[x, x]`/`[x]` raise
# AssertionError, `x`/`None` ValueError, `[x]`/`x` TypeError; `[x, x]`/`[2 * x, x]` traces.
@pytest.mark.parametrize(
    "source, expected",
    [
        ("    y = tf.unstack(x) if tf.size(x) > 0 else []\n", ["TF863"]),
        ("    y = [x, x] if tf.reduce_sum(x) > 0 else [x]\n", ["TF863"]),
        ("    y = tf.square(x) if tf.reduce_sum(x) > 0 else None\n", ["TF863"]),
        ("    y = [x] if tf.reduce_sum(x) > 0 else tf.square(x)\n", ["TF863"]),
        # one structure, or a condition known while tracing
        ("    y = [x, x] if tf.reduce_sum(x) > 0 else [2 * x, x]\n", []),
        ("    y = tf.unstack(x) if x.shape[0] else []\n", []),
        ("    y = tf.square(x) if tf.reduce_sum(x) > 0 else tf.abs(x)\n", []),
    ],
)
def test_tensor_condition_branches_differ(source, expected):
    program = HEADER + "@tf.function\ndef f(x):\n" + source + "    return x\n"
    assert rule_ids(program, ["TF863"]) == expected
    # unconverted code fails on the condition itself (TF808), not on the branches
    unconverted = program.replace("@tf.function", "@tf.function(autograph=False)")
    assert rule_ids(unconverted, ["TF863"]) == []


# Issue 28, checked under TF 2.21 / Keras 3.15: a channel shuffle of a model built for any
# image size (`keras.Input((None, None, 3))`) reshapes with None height and width, in a layer
# applied to a convolution's output, a helper its `call` hands the tensor to, or a Lambda.
SHUFFLE = """
import keras
import tensorflow as tf
from keras import layers


def channel_shuffle(x, groups):
    _, height, width, channels = x.shape
    x = tf.reshape(x, [-1, height, width, groups, channels // groups])
    return tf.reshape(tf.transpose(x, [0, 1, 2, 4, 3]), [-1, height, width, channels])


class ShuffleUnit(layers.Layer):
    def __init__(self, channels):
        super().__init__()
        self.conv = layers.Conv2D(channels, 1, padding="same")

    def call(self, inputs):
        return channel_shuffle(self.conv(inputs), 2)


def block(x):
    x = layers.Conv2D(16, 3, padding="same")(x)
    return ShuffleUnit(16)(x)


inputs = keras.Input(shape=(None, None, 3))
x = layers.BatchNormalization()(layers.Conv2D(8, 3)(inputs))
outputs = block(x)
"""


# --- stop 43 (graph-keras35): NumPy reached from traced code through helpers and libraries --------
# Each checked under TF 2.21 / Keras 3.15.1 as a program run with `fit` (or the tf.function called):
# NotImplementedError (cannot convert a symbolic tf.Tensor to a numpy array) or AttributeError
# (SymbolicTensor has no attribute 'astype').
KERAS_HEADER = HEADER + "from tensorflow import keras\n"
COMPILED = "model = keras.Sequential([keras.layers.Dense(1)])\n"


@pytest.mark.parametrize(
    "source, expected",
    [
        (SHUFFLE, ["TF897", "TF897"]),
        (
            SHUFFLE.replace("x = tf.reshape(x,", "x = tf.reshape(x,").replace(
                "_, height, width, channels = x.shape",
                "_, height, width, channels = keras.backend.int_shape(x)",
            ),
            ["TF897", "TF897"],
        ),
        # a fixed image size: the sizes are known
        (SHUFFLE.replace("(None, None, 3)", "(32, 32, 3)"), []),
        # a layer that sets the sizes (not one that keeps unknown sizes) comes between
        (SHUFFLE.replace("layers.BatchNormalization()", "layers.Resizing(32, 32)"), []),
        (
            SHUFFLE.split("class ShuffleUnit")[0]
            + "inputs = keras.Input(shape=(None, None, 3))\n"
            + "x = layers.Lambda(lambda t: channel_shuffle(t, 2))(layers.Conv2D(8, 3)(inputs))\n",
            ["TF897", "TF897"],
        ),
    ],
)
def test_none_spatial_sizes_of_a_model_for_any_image_size(source, expected):
    assert rule_ids(source, ["TF897"]) == expected


# The shuffle as a Lambda's own function, in a block helper called on the input and then on
# the block's output (checked under TF 2.21 / Keras 3.15: the first application fails, Keras
# 3 calling the function on the symbolic tensor to infer the Lambda's output shape); with
# `output_shape` given, Keras does not call it while the model is built.
LAMBDA_SHUFFLE = (
    SHUFFLE.split("class ShuffleUnit")[0]
    + """def unit(x, groups):
    x = layers.Conv2D(16, 1)(x)
    return layers.Lambda(channel_shuffle, arguments={{"groups": groups}}{extra})(x)


def build(input_shape={shape}):
    inputs = keras.Input(shape=input_shape)
    return keras.Model(inputs, unit(unit(inputs, 2), 2))


model = build()
"""
)


@pytest.mark.parametrize(
    "shape, extra, expected",
    [
        ("(None, None, 3)", "", ["TF897", "TF897"]),
        ("(32, 32, 3)", "", []),
        ("(None, None, 3)", ", output_shape=(None, None, 16)", []),
    ],
)
def test_none_sizes_in_a_lambdas_own_function(shape, extra, expected):
    source = LAMBDA_SHUFFLE.format(shape=shape, extra=extra)
    assert rule_ids(source, ["TF897"]) == expected


# The layer's own `call` reads its input's sizes and rebinds the input after (checked under
# TF 2.21 / Keras 3.15: building the model fails, "Could not automatically infer the output
# shape"); a size read after the rebinding is of another tensor.
OWN_CALL = """
import keras
import tensorflow as tf
from keras import layers


class ShuffleBlock(layers.Layer):
    def call(self, x):
        {reads}
        x = tf.reshape(x, [-1, height, width, 2, channels // 2])
        x = tf.transpose(x, [0, 1, 2, 4, 3])
        return tf.reshape(x, [-1, height, width, channels])


inputs = keras.Input(shape=(None, None, 32))
outputs = ShuffleBlock()(inputs)
"""


@pytest.mark.parametrize(
    "reads, expected",
    [
        ("height, width, channels = x.shape[1], x.shape[2], x.shape[3]", ["TF897", "TF897"]),
        ("_, height, width, channels = x.shape", ["TF897", "TF897"]),
        # the input is rebound before its sizes are read: they are another tensor's
        ("x = tf.image.resize(x, (32, 32))\n        _, height, width, channels = x.shape", []),
    ],
)
def test_none_sizes_read_in_a_layers_call_before_its_input_is_rebound(reads, expected):
    assert rule_ids(OWN_CALL.format(reads=reads), ["TF897"]) == expected


LOSS = """
import numpy as np
import tensorflow as tf
from tensorflow import keras


def sequence_loss(y_true, y_pred):
    batch_size = y_true.shape[0]
    {check}
    return tf.reduce_mean(tf.square(y_true - y_pred))


model = keras.Sequential([keras.layers.LSTM(8, return_sequences=True), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=sequence_loss)
model.fit(np.ones((4, 5, 3)), np.ones((4, 5, 1)), epochs=1)
"""


@pytest.mark.parametrize(
    "check, expected",
    [
        # TF 2.21 / Keras 3.15: fit traces the loss with the batch None, which it refuses
        ('if batch_size is None:\n        raise ValueError("unknown batch size")', ["TF897"]),
        ("assert batch_size is not None", ["TF897"]),
        ("assert batch_size", ["TF897"]),
        # falling back to the dynamic size is right
        ("if batch_size is None:\n        batch_size = tf.shape(y_true)[0]", []),
    ],
)
def test_refusing_a_none_batch_in_a_loss_fit_traces(check, expected):
    assert rule_ids(LOSS.replace("{check}", check), ["TF897"]) == expected


@pytest.mark.parametrize(
    "value, expected",
    [
        # TF 2.21: OperatorNotAllowedInGraphError (iterating over a symbolic tf.Tensor)
        ('tf.strings.split(line, ",")', ["TF898"]),
        ("tf.boolean_mask(line, line > 0)", ["TF898"]),
        # a named tuple of tensors unpacks
        ("tf.unique(line)", []),
    ],
)
def test_unpacking_an_op_result_of_data_dependent_size(value, expected):
    source = f"import tensorflow as tf\n@tf.function\ndef parse(line):\n    a, b = {value}\n    return a\n"
    assert rule_ids(source, ["TF898"]) == expected


PADDED = """
import numpy as np
import tensorflow as tf


def tokenize(sentence):
    return np.array([len(w) for w in sentence.numpy().split()], dtype=np.int32)


def encode(sentence):
    return tf.py_function(tokenize, [sentence], tf.int32)


sentences = tf.data.Dataset.from_tensor_slices(["a bb", "ccc d ee"])
batches = sentences.map(encode).padded_batch(2{shapes})
"""


@pytest.mark.parametrize(
    "shapes, expected",
    [
        # TF 2.21: ValueError: You must provide `padded_shapes` argument because component 0
        # has unknown rank
        ("", ["TF890"]),
        (", padded_shapes=[None]", []),
    ],
)
def test_padded_batch_of_a_python_function_result(shapes, expected):
    assert rule_ids(PADDED.replace("{shapes}", shapes), ["TF890"]) == expected


DECODE = """
import tensorflow as tf


def load(path):
    image = tf.io.decode_image(tf.io.read_file(path){options})
    image = tf.cast(image, tf.float32){restore}
    return tf.image.resize(image, [64, 64])


images = tf.data.Dataset.list_files("*.png").map(load)
"""


@pytest.mark.parametrize(
    "options, restore, expected",
    [
        # TF 2.21: ValueError: 'images' contains no shape
        ("", "", ["TF871"]),
        (", channels=3", "", ["TF871"]),
        (", channels=3, expand_animations=False", "", []),
        ("", "\n    image.set_shape([None, None, 3])", []),
    ],
)
def test_decoded_image_of_unknown_rank(options, restore, expected):
    source = DECODE.replace("{options}", options).replace("{restore}", restore)
    assert rule_ids(source, ["TF871"]) == expected
    eager = source.replace(
        'images = tf.data.Dataset.list_files("*.png").map(load)', "load('a.png')"
    )
    assert rule_ids(eager, ["TF871"]) == []


DROPCONNECT = """
import keras
import tensorflow as tf


class DropConnectDense(keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], 4))

    def call(self, inputs, training=None):
        {body}
        return tf.matmul(inputs, kernel)
"""


@pytest.mark.parametrize(
    "body, expected",
    [
        # TF 2.21 / Keras 3.15: evaluate after fit raises InaccessibleTensorError; TF872 is the
        # more specific claim than TF301's leak at that store
        (
            "self.kernel = tf.nn.dropout(self.kernel, rate=0.5)\n        kernel = self.kernel",
            ["TF872"],
        ),
        ("kernel = tf.nn.dropout(self.kernel, rate=0.5)", []),
    ],
)
def test_layer_weight_rebound_to_a_tensor(body, expected):
    source = DROPCONNECT.replace("{body}", body)
    assert rule_ids(source, ["TF872", "TF301", "TF202"]) == expected


@pytest.mark.parametrize(
    "update, expected",
    [
        # TF 2.21: the next trace that reads `step` raises "out of scope"; TF202 ("a Python
        # value") and TF301 defer to TF872 at this store
        ("step = step + n", ["TF872"]),
        ("step = step + tf.cast(n, tf.int64)", ["TF872"]),
        ("step.assign_add(n)", []),
    ],
)
def test_global_variable_rebound_to_a_tensor(update, expected):
    source = (
        "import tensorflow as tf\nstep = tf.Variable(0, dtype=tf.int64)\n@tf.function\n"
        f"def advance(n):\n    global step\n    {update}\n    return n\n"
    )
    assert rule_ids(source, ["TF872", "TF301", "TF202"]) == expected


FUNCTIONAL_SHUFFLE = """
import keras
from keras import layers, ops


def channel_shuffle(x, groups):
    _, height, width, channels = x.shape
    return ops.reshape(x, (-1, height, width, groups, channels // groups))


def build(input_shape=(None, None, 3)):
    inputs = keras.Input(shape=input_shape)
    a = layers.Conv2D(8, 1)(inputs)
    b = layers.Activation("relu")(layers.Conv2D(8, 3, padding="same")(inputs))
    return keras.Model(inputs, channel_shuffle(layers.Concatenate()([a, b]), 2))
"""


@pytest.mark.parametrize(
    "source, expected",
    [
        # TF 2.21 / Keras 3.15: running the model fails (cannot convert (-1, None, None, 2, 8))
        (FUNCTIONAL_SHUFFLE, ["TF873", "TF873"]),
        # images of a fixed size: the sizes are known
        (FUNCTIONAL_SHUFFLE.replace("(None, None, 3)", "(32, 32, 3)"), []),
        # a TF op on a Keras 3 tensor fails for another reason (left to other rules)
        (
            FUNCTIONAL_SHUFFLE.replace("ops.reshape", "tf.reshape").replace(
                "import keras\n", "import keras\nimport tensorflow as tf\n"
            ),
            [],
        ),
        # the batch size is fixed, and only dimension 0 is read
        (
            FUNCTIONAL_SHUFFLE.replace(
                "(-1, height, width, groups, channels // groups)", "(x.shape[0], -1)"
            ).replace(
                "keras.Input(shape=input_shape)", "keras.Input(shape=input_shape, batch_size=4)"
            ),
            [],
        ),
    ],
)
def test_none_dimension_of_a_keras_tensor_used_as_size(source, expected):
    assert rule_ids(source, ["TF873"]) == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        # a loss hands y_pred to a helper written for arrays: reported at the call
        (
            "def f1(y_true, y_pred):\n    y_pred = np.round(y_pred)\n"
            "    return np.sum(y_true * y_pred)\n"
            "def loss(y_true, y_pred):\n    return 1.0 - f1(y_true, y_pred)\n"
            + COMPILED
            + "model.compile('adam', loss=loss)\n",
            [("TF804", 11)],
        ),
        # through a local computed from the parameter, and a NumPy array method
        (
            "def f1(y_true, y_pred):\n    y_hat = y_pred > 0.5\n"
            "    return (y_hat * y_true).sum()\n"
            "def loss(y_true, y_pred):\n    return 1.0 - f1(y_true, y_pred)\n"
            + COMPILED
            + "model.compile('adam', loss=loss)\n",
            [("TF804", 11)],
        ),
        # a compile inside a function given the loss by its callers
        (
            "def f1(y_true, y_pred):\n    return np.sum(y_true * y_pred)\n"
            "def loss(y_true, y_pred):\n    return 1.0 - f1(y_true, y_pred)\n"
            "def train(loss_fn):\n    " + COMPILED + "    model.compile('adam', loss=loss_fn)\n"
            "train(loss)\n",
            [("TF804", 10)],
        ),
        # a layer's call hands its input to a debugging helper (the layer added with `add`)
        (
            "def to_image(t):\n    return (np.asarray(t) * 255).astype('uint8')\n"
            "class Show(keras.layers.Layer):\n    def call(self, x):\n"
            "        image = to_image(x)\n        return x\n"
            "model = keras.Sequential()\nmodel.add(keras.Input((4,)))\nmodel.add(Show())\n",
            [("TF804", 11)],
        ),
        # a NumPy array method on what tf.data passes
        (
            "def f(x):\n    return x.astype('float32')\n"
            "ds = tf.data.Dataset.from_tensor_slices([1, 2]).map(f)\n",
            [("TF804", 8)],
        ),
        # Keras' NumPy image augmentation in a map function (the knowledge base's probe)
        (
            "def aug(image):\n"
            "    return keras.preprocessing.image.random_rotation(image, 20, 0, 1, 2)\n"
            "ds = tf.data.Dataset.from_tensor_slices(np.zeros((2, 8, 8, 3))).map(aug)\n",
            [("TF804", 8)],
        ),
        # scikit-learn's metrics convert with NumPy (scripts/probe_sklearn_metrics.py)
        (
            "from sklearn.metrics import roc_auc_score\n"
            "def auc(y_true, y_pred):\n    return roc_auc_score(y_true, y_pred)\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[auc])\n",
            [("TF804", 9)],
        ),
        # the helper is called on NumPy data, or only reads the static shape: fine
        (
            "def f1(y_true, y_pred):\n    return np.sum(y_true * y_pred)\n"
            "def loss(y_true, y_pred):\n    n = f1(np.ones(2), np.ones(2))\n"
            "    return tf.reduce_mean(y_pred) * n\n"
            + COMPILED
            + "model.compile('adam', loss=loss)\n",
            [],
        ),
        (
            "def width(t):\n    return np.prod(t.shape[1:])\n"
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(y_pred) / width(y_pred)\n"
            + COMPILED
            + "model.compile('adam', loss=loss)\n",
            [],
        ),
        # compile(run_eagerly=True): Keras runs the step and its metrics eagerly (TF 2.21: fit
        # runs, the metric gets eager tensors)
        (
            "def m(y_true, y_pred):\n    return np.mean(np.asarray(y_true) == np.asarray(y_pred))\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[m], run_eagerly=True)\n",
            [],
        ),
        # TF's NumPy behaviour gives tensors the array methods
        (
            "tf.experimental.numpy.experimental_enable_numpy_behavior()\n"
            "def f(x):\n    return x.astype('float32')\n"
            "ds = tf.data.Dataset.from_tensor_slices([1, 2]).map(f)\n",
            [],
        ),
    ],
)
def test_numpy_reached_through_helpers_and_libraries(source, expected):
    found = lint(KERAS_HEADER + source, ["TF804"])
    assert [(d.rule, d.line) for d in found] == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        # TF 2.21: NotImplementedError: numpy() is only available when eager execution is enabled
        (
            "online = keras.Sequential([keras.layers.Dense(2)])\n"
            "target = keras.Sequential([keras.layers.Dense(2)])\n"
            "@tf.function\ndef update():\n    target.set_weights(online.get_weights())\n",
            ["TF864"],
        ),
        (
            "class Twin(keras.Model):\n    def __init__(self):\n        super().__init__()\n"
            "        self.a = keras.layers.Dense(2)\n        self.b = keras.layers.Dense(2)\n"
            "    def train_step(self, data):\n        self.b.set_weights(self.a.get_weights())\n"
            "        return {}\n",
            ["TF864"],
        ),
        # eagerly, or assigning variable by variable: fine
        (
            "online = keras.Sequential([keras.layers.Dense(2)])\n"
            "target = keras.Sequential([keras.layers.Dense(2)])\n"
            "target.set_weights(online.get_weights())\n"
            "@tf.function\ndef update():\n"
            "    for t, s in zip(target.weights, online.weights):\n        t.assign(s)\n",
            [],
        ),
    ],
)
def test_numpy_weight_api_in_traced_code(source, expected):
    assert rule_ids(KERAS_HEADER + source, ["TF864"]) == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "from sklearn.metrics import f1_score\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=['mae', f1_score])\n",
            ["TF865"],
        ),
        (
            "import functools\nfrom sklearn.metrics import f1_score\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[functools.partial(f1_score, average='macro')])\n",
            ["TF865"],
        ),
        (
            "import sklearn.metrics\n"
            + COMPILED
            + "model.compile('adam', loss=sklearn.metrics.log_loss)\n",
            ["TF865"],
        ),
        # the module's metric converts first, then calls scikit-learn
        (
            "from sklearn.metrics import f1_score\n"
            "def f1(y_true, y_pred):\n    return f1_score(np.asarray(y_true), np.asarray(y_pred))\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[f1])\n",
            ["TF865"],
        ),
        # checked under TF 2.21 / Keras 3.15: scikit-learn reached through the module's own
        # helper, and a metric wrapped in MeanMetricWrapper, fail on the traced step's tensors
        (
            "from sklearn.metrics import cohen_kappa_score\n"
            "def score(a, b):\n    return cohen_kappa_score(a, b, weights='quadratic')\n"
            "def kappa(y_true, y_pred):\n"
            "    return score(np.argmax(y_true, -1), np.argmax(y_pred, -1))\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[kappa])\n",
            ["TF865"],
        ),
        (
            "from sklearn.metrics import f1_score\n"
            "def f1(y_true, y_pred):\n    return f1_score(np.asarray(y_true), np.asarray(y_pred))\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[keras.metrics.MeanMetricWrapper(f1)])\n",
            ["TF865"],
        ),
        # a helper's parameter handed to compile: what each caller passes, read in the caller
        # (a caller passing a name spelled like the parameter once made this loop forever)
        (
            "from sklearn.metrics import log_loss\n"
            + COMPILED
            + "def configure(loss):\n    model.compile('adam', loss=loss)\n"
            "loss = log_loss\nconfigure(loss)\n",
            ["TF865"],
        ),
        (
            COMPILED + "def configure(loss):\n    model.compile('adam', loss=loss)\n"
            "loss = 'mse'\nconfigure(loss)\n",
            [],
        ),
        # Keras' own metrics, and scikit-learn after fit on the predictions: fine
        (
            "from sklearn.metrics import f1_score\n"
            + COMPILED
            + "model.compile('adam', 'mse', metrics=[keras.metrics.F1Score()])\n"
            "score = f1_score([1], model.predict(np.ones((1, 2))) > 0.5)\n",
            [],
        ),
    ],
)
def test_numpy_only_function_handed_to_keras(source, expected):
    assert rule_ids(KERAS_HEADER + source, ["TF865"]) == expected


@pytest.mark.parametrize(
    "source, rule, expected",
    [
        # a print or a store whose value fails first: TF801/TF804 own the line
        (
            "class L(keras.layers.Dense):\n    def call(self, x):\n"
            "        print('inputs', x.numpy())\n        return super().call(x)\n",
            "TF201",
            [],
        ),
        (
            "seen = []\ndef to_image(t):\n    return np.asarray(t)\n"
            "class L(keras.layers.Layer):\n    def call(self, x):\n"
            "        seen.append(to_image(x))\n        return x\n"
            "print(len(seen))\n",
            "TF202",
            [],
        ),
        (
            "class L(keras.layers.Dense):\n    def call(self, x):\n"
            "        print('inputs', x)\n        return super().call(x)\n",
            "TF201",
            ["TF201"],
        ),
    ],
)
def test_side_effects_stand_back_for_values_that_fail_first(source, rule, expected):
    assert rule_ids(KERAS_HEADER + source, [rule]) == expected


# TF874, checked under TF 2.21: `x in t` on a graph tensor iterates it in Python and fails while
# tracing (`TypeError: argument of type 'SymbolicTensor' is not iterable`), with AutoGraph and
# without; eagerly it works.
@pytest.mark.parametrize(
    "source",
    [
        TRACED + "    return 2.0 in tf.abs(x)\n",
        TRACED + "    if 2.0 not in tf.abs(x):\n        return x\n    return y\n",
        "import tensorflow as tf\nds = tf.data.Dataset.from_tensor_slices(['a', 'lm'])\n"
        "ds = ds.map(lambda city: 'lm' in city)\n",
        "import tensorflow as tf\ndef has(city, s):\n    return s in city\n"
        "ds = tf.data.Dataset.from_tensor_slices(['a', 'lm'])\n"
        "ds = ds.map(lambda city: has(city, 'lm'))\n",
    ],
)
def test_membership_test_on_a_graph_tensor(source):
    assert rule_ids(source, ["TF874"]) == ["TF874"]


@pytest.mark.parametrize(
    "source",
    [
        # a bare parameter may be a Python container; the tensor on the left is hashed, not
        # iterated (another failure), and eager code iterates an eager tensor
        TRACED + "    return 2 in x\n",
        TRACED + "    return tf.abs(x) in {1: 2}\n",
        "import tensorflow as tf\ndef f(x):\n    return 2.0 in tf.abs(x)\n",
        TRACED + "    return 2 in x.shape\n",
        # tf.data's element is a dict of features: `in` is Python's key test
        "import tensorflow as tf\ndef prep(example):\n"
        "    if 'inputs' in example:\n        example['inputs'] = example['inputs'][:8]\n"
        "    return example\n"
        "ds = tf.data.Dataset.from_tensor_slices({'inputs': [[1, 2]]}).map(prep)\n",
        "import tensorflow as tf\ndef prep(features):\n"
        "    for name in ['inputs', 'targets']:\n        if name not in features:\n"
        "            continue\n        features[name] = tf.expand_dims(features[name], -1)\n"
        "    return features\n"
        "ds = tf.data.Dataset.from_tensor_slices({'inputs': [[1, 2]]}).map(prep)\n",
    ],
)
def test_no_membership_finding(source):
    assert rule_ids(source, ["TF874"]) == []


def test_equality_on_a_symbolic_keras_input_is_said_to_be_identity():
    # Keras 3 (TF 2.21): `keras.Input(shape=(1,)) == 1` is Python's identity, False, no error
    source = "import keras\na = keras.Input((1,))\nif a == 1:\n    pass\nif a > 0:\n    pass\n"
    first, second = lint(source, ["TF891"])
    assert "`==` compares the symbolic objects" in first.message
    assert "Keras 3 refuses it" in second.message


# TF803, checked under TF 2.21: `len()` of a scalar element of a dataset fails even where
# AutoGraph converts the map function (`ValueError: len requires a non-scalar tensor`); a row of
# a nested list, or a batch, has a length.
@pytest.mark.parametrize(
    "source, expected",
    [
        ("ds = tf.data.Dataset.from_tensor_slices(['ab', 'c']).map(lambda v: len(v))\n", 1),
        (
            "def n_chars(x):\n    return len(x)\n"
            "cities = ['Ottawa', 'Rabat']\nds = tf.data.Dataset.from_tensor_slices(cities)\n"
            "ds = ds.map(lambda city: (city, n_chars(city)))\n",
            1,
        ),
        (
            "def rev(x):\n    return ''.join([x[-i] for i in range(-len(x) + 1, 1)])\n"
            "ds = tf.data.Dataset.from_tensor_slices([1, 2]).map(rev)\n",
            1,
        ),
        ("ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).map(lambda v: len(v))\n", 0),
        (
            "ds = tf.data.Dataset.from_tensor_slices(['ab', 'c']).batch(2).map(lambda v: len(v))\n",
            0,
        ),
        ("ds = tf.data.Dataset.from_tensor_slices(files).map(lambda v: len(v))\n", 0),
    ],
)
def test_len_of_a_scalar_dataset_element(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF803"]) == ["TF803"] * expected


# TF875, checked under TF 2.21: traced, `ta.write(i, x)` as a statement leaves `ta` without the
# value (`ta.stack()` gives zeros, or nothing for a dynamic_size array); eagerly it fills `ta`.
@pytest.mark.parametrize(
    "update",
    ["ta.write(i, x[i])", "ta.scatter([i], [x[i]])", "ta.unstack(x)"],
)
def test_a_tensor_array_update_dropped_in_traced_code(update):
    source = (
        "import tensorflow as tf\n\n@tf.function\ndef collect(x):\n"
        "    ta = tf.TensorArray(tf.float32, size=3)\n"
        f"    for i in tf.range(3):\n        {update}\n    return ta.stack()\n"
    )
    assert rule_ids(source, ["TF875"]) == ["TF875"]


@pytest.mark.parametrize(
    "source",
    [
        # assigned back; eager code (a mutable list there); a list's own `write`-less methods
        "import tensorflow as tf\n\n@tf.function\ndef collect(x):\n"
        "    ta = tf.TensorArray(tf.float32, size=3)\n"
        "    for i in tf.range(3):\n        ta = ta.write(i, x[i])\n    return ta.stack()\n",
        "import tensorflow as tf\n\ndef collect(x):\n"
        "    ta = tf.TensorArray(tf.float32, size=3)\n"
        "    for i in range(3):\n        ta.write(i, x[i])\n    return ta.stack()\n",
        "import tensorflow as tf\n\n@tf.function\ndef collect(x, log):\n"
        "    log.write('x')\n    return x\n",
    ],
)
def test_no_tensor_array_update_finding(source):
    assert rule_ids(source, ["TF875"]) == []


# TF879, checked under TF 2.21: a tensor test of `tf.rank`/`tf.size`/`tf.shape(x)[i]` becomes
# tf.cond, whose both branches are traced; a branch valid only for some shapes fails to trace.
@pytest.mark.parametrize(
    "source",
    [
        # element 1 of a one-element input
        "@tf.function\ndef pick(x):\n    if tf.size(x) > 1:\n        return x[1]\n    return x[0]\n",
        # the empty shape of a scalar indexed
        "@tf.function\ndef first(x):\n    s = tf.shape(x)\n    if tf.size(s) > 0:\n"
        "        return s[0]\n    return tf.constant(1)\n",
        "@tf.function\ndef first(x):\n    if tf.size(tf.shape(x)) > 0:\n"
        "        return x.shape[0]\n    return 1\n",
        # a rank-2 reduction for a rank-1 gradient, with the rank in a local
        "def norm(g):\n    rank = tf.rank(g)\n    if rank == 2:\n"
        "        return tf.reduce_sum(g, axis=1)\n    return g\n\n"
        "@tf.function\ndef step(g):\n    return norm(g)\n",
        # a conditional expression
        "@tf.function\ndef pick(x):\n    return x[1] if tf.shape(x)[0] > 1 else x[0]\n",
        # the code after an `if` that returns is its `else` branch
        "@tf.function\ndef pick(x):\n    if tf.size(x) < 2:\n        return x[0] * 0.0\n"
        "    return x[1]\n",
        # a permutation of two axes for a rank-1 variable
        "def update(var):\n    if tf.rank(var) == 2:\n        return tf.transpose(var, [1, 0])\n"
        "    return var\n\n@tf.function\ndef step(v):\n    return update(v)\n",
    ],
)
def test_a_tensor_test_of_a_shape_fact_guarding_shape_specific_code(source):
    assert rule_ids("import tensorflow as tf\n\n" + source, ["TF879"]) == ["TF879"]


@pytest.mark.parametrize(
    "source",
    [
        # the static shape: Python decides, one branch traced
        "@tf.function\ndef pick(x):\n    if x.shape[0] > 1:\n        return x[1]\n    return x[0]\n",
        # a size only known at run time: the tensor test is the right one
        "@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\ndef pick(x):\n"
        "    if tf.size(x) > 1:\n        return x[1]\n    return x[0]\n",
        "@tf.function\ndef first(x):\n    hits = tf.where(x > 0)\n    if tf.size(hits) > 0:\n"
        "        return hits[0]\n    return tf.zeros([1], tf.int64)\n",
        # both branches valid for every rank; eager code
        "@tf.function\ndef f(g):\n    if tf.rank(g) == 2:\n        return g * 2.0\n    return g\n",
        "def pick(x):\n    if tf.size(x) > 1:\n        return x[1]\n    return x[0]\n",
    ],
)
def test_no_tensor_test_of_a_shape_fact_finding(source):
    assert rule_ids("import tensorflow as tf\n\n" + source, ["TF879"]) == []


# TF880, checked under TF 2.21: `tf.constant(True) is True` is False, eagerly and traced.
@pytest.mark.parametrize(
    "source",
    [
        "def stop(x):\n    done = tf.reduce_all(x > 0)\n    if done is True:\n        return 1\n",
        "@tf.function\ndef ok(x):\n    return tf.reduce_all(x > 0)\n\n"
        "@tf.function\ndef step(x):\n    if ok(x) is False:\n        return x\n    return -x\n",
        "def stop(x):\n    return tf.math.is_nan(x) is not True\n",
        # a notebook's top level
        "done = tf.reduce_all(tf.constant([1.0]) > 0)\nif done is True:\n    print('done')\n",
    ],
)
def test_an_identity_test_of_a_tensor_against_a_bool(source):
    assert rule_ids("import tensorflow as tf\n\n" + source, ["TF880"]) == ["TF880"]


@pytest.mark.parametrize(
    "source",
    [
        "def f(flag):\n    if flag is True:\n        return 1\n",
        "def f(x):\n    done = tf.reduce_all(x > 0)\n    if done:\n        return 1\n",
        "def f(x):\n    y = tf.reduce_sum(x)\n    return y is None\n",
        "eager = tf.executing_eagerly()\nif eager is True:\n    print('eager')\n",
    ],
)
def test_no_identity_test_finding(source):
    assert rule_ids("import tensorflow as tf\n\n" + source, ["TF880"]) == []


# TF881, checked under TF 2.21: `PyFunc`/`EagerPyFunc` have no XLA kernel.
@pytest.mark.parametrize(
    "source",
    [
        "@tf.function(jit_compile=True)\ndef f(x):\n"
        "    return tf.py_function(lambda a: a * 2, [x], tf.float32)\n",
        "def helper(x):\n    return tf.numpy_function(np.sort, [x], tf.float32)\n\n"
        "def step(x):\n    return helper(x) + 1.0\n\nstep = tf.function(step, jit_compile=True)\n",
        "def metric(y, p):\n    return tf.numpy_function(np.median, [p], tf.float32)\n\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "model.compile('sgd', 'mse', metrics=[metric], jit_compile=True)\n",
    ],
)
def test_a_python_function_op_under_xla(source):
    assert rule_ids(HEADER + source, ["TF881"]) == ["TF881"]


@pytest.mark.parametrize(
    "source",
    [
        "@tf.function\ndef f(x):\n    return tf.py_function(lambda a: a * 2, [x], tf.float32)\n",
        "@tf.function(jit_compile=False)\ndef f(x):\n"
        "    return tf.numpy_function(np.sort, [x], tf.float32)\n",
    ],
)
def test_no_python_function_op_under_xla_finding(source):
    assert rule_ids(HEADER + source, ["TF881"]) == []


# TF882, checked under TF 2.21: a tf.range loop's counter as an output size cannot compile.
@pytest.mark.parametrize(
    "call",
    [
        "tf.math.bincount(x, minlength=i)",
        "tf.one_hot(x, i + 1)",
        "tf.zeros([i, 2])",
        "tf.reshape(x, [i, -1])",
    ],
)
def test_a_loop_counter_as_an_xla_output_size(call):
    source = (
        "@tf.function(jit_compile=True)\ndef f(x, n):\n    total = 0.0\n"
        f"    for i in tf.range(n):\n        y = {call}\n"
        "        total += tf.reduce_sum(tf.cast(y, tf.float32))\n    return total\n"
    )
    assert rule_ids(HEADER + source, ["TF882"]) == ["TF882"]


@pytest.mark.parametrize(
    "source",
    [
        # a Python loop unrolls: the counter is a Python int; a parameter is compiled per value
        "@tf.function(jit_compile=True)\ndef f(x, n):\n"
        "    for i in range(3):\n        x = tf.one_hot(x, i + 1)\n    return x\n",
        "@tf.function(jit_compile=True)\ndef f(x, n):\n    return tf.one_hot(x, n)\n",
        # not compiled with XLA
        "@tf.function\ndef f(x, n):\n"
        "    for i in tf.range(n):\n        x = tf.math.bincount(x, minlength=i)\n    return x\n",
    ],
)
def test_no_loop_counter_as_an_xla_output_size_finding(source):
    assert rule_ids(HEADER + source, ["TF882"]) == []


# TF883: a generator function made a tf.function.
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("@tf.function\ndef gen(n):\n    for i in tf.range(n):\n        yield i\n", ["TF883"]),
        ("def gen(n):\n    yield n\nstep = tf.function(gen)\n", ["TF883"]),
        # a generator used inside a tf.function, or given to from_generator
        (
            "@tf.function\ndef f(x):\n    def parts():\n        yield x\n"
            "    return tf.stack(list(parts()))\n",
            [],
        ),
        (
            "def gen():\n    yield 1\n"
            "ds = tf.data.Dataset.from_generator(gen, output_types=tf.int32)\n",
            [],
        ),
    ],
)
def test_generator_traced_by_tf_function(source, expected):
    assert rule_ids(HEADER + source, ["TF883"]) == expected


# TF884: an `if` on a tensor defines a name (or returns) in one branch only.
TENSOR_IF = "@tf.function\ndef f(x):\n"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("    if tf.reduce_sum(x) > 0:\n        y = x * 2\n    return y\n", ["TF884"]),
        (
            "    if tf.reduce_sum(x) > 0:\n        y = x * 2\n    else:\n        z = x\n"
            "    return y\n",
            ["TF884"],
        ),
        ("    if tf.reduce_sum(x) > 0:\n        return x * 2\n", ["TF884"]),
        (
            "    for i in range(2):\n        if tf.reduce_sum(x) > i:\n            y = x\n"
            "    return y\n",
            ["TF884"],
        ),
        # defined before, in both branches, unused after, or a branch that leaves
        ("    y = x\n    if tf.reduce_sum(x) > 0:\n        y = x * 2\n    return y\n", []),
        (
            "    if tf.reduce_sum(x) > 0:\n        y = x * 2\n    else:\n        y = x\n"
            "    return y\n",
            [],
        ),
        ("    if tf.reduce_sum(x) > 0:\n        y = x * 2\n    return x\n", []),
        (
            "    if tf.reduce_sum(x) > 0:\n        y = x * 2\n        return y\n"
            "    y = x\n    return y\n",
            [],
        ),
        (
            "    if tf.reduce_sum(x) > 0:\n        return x\n    else:\n        y = x * 2\n"
            "    return y\n",
            [],
        ),
        ("    if tf.reduce_sum(x) > 0:\n        return x * 2\n    return x\n", []),
        # a Python condition: Python runs one branch
        ("    if x.shape[0] > 1:\n        y = x * 2\n    return y\n", []),
        # read after only as a comprehension's own variable
        ("    if tf.reduce_sum(x) > 0:\n        y = x * 2\n    return [y for y in [x]]\n", []),
    ],
)
def test_tensor_if_branch_leaves_name_undefined(body, expected):
    assert rule_ids(HEADER + TENSOR_IF + body, ["TF884"]) == expected


def test_unconverted_function_is_not_reported():
    source = HEADER + (
        "@tf.function(autograph=False)\ndef f(x):\n"
        "    if tf.reduce_sum(x) > 0:\n        y = x\n    return y\n"
    )
    assert rule_ids(source, ["TF884"]) == []


# TF885: a variable started as a Python int is given a float in a graph loop.
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("    s = 0\n    for i in tf.range(n):\n        s += 0.5\n    return s\n", ["TF885"]),
        (
            "    s = 0\n    for i in tf.range(n):\n        s = s + tf.cast(i, tf.float32)\n"
            "    return s\n",
            ["TF885"],
        ),
        ("    s = 0\n    for i in tf.range(n):\n        s = 0.5\n    return s\n", ["TF885"]),
        (
            "    c = 0\n    while tf.reduce_sum(n) > c:\n        c = c + 0.5\n    return c\n",
            ["TF885"],
        ),
        # a float start, an int update, or a Python loop (unrolled)
        ("    s = 0.0\n    for i in tf.range(n):\n        s += 0.5\n    return s\n", []),
        ("    s = 0\n    for i in tf.range(n):\n        s += 1\n    return s\n", []),
        ("    s = 0\n    for i in range(3):\n        s += 0.5\n    return s\n", []),
        # a fixed shape grown in the loop
        (
            "    x = tf.zeros([0, 3])\n    for i in tf.range(n):\n"
            "        x = tf.concat([x, tf.ones([1, 3])], axis=0)\n    return x\n",
            ["TF885"],
        ),
        (
            "    x = tf.zeros([0, 3])\n    for i in tf.range(n):\n"
            "        tf.autograph.experimental.set_loop_options(\n"
            "            shape_invariants=[(x, tf.TensorShape([None, 3]))])\n"
            "        x = tf.concat([x, tf.ones([1, 3])], axis=0)\n    return x\n",
            [],
        ),
        (
            "    x = tf.zeros([0, 3])\n    for i in range(3):\n"
            "        x = tf.concat([x, tf.ones([1, 3])], axis=0)\n    return x\n",
            [],
        ),
        (
            "    x = tf.zeros([n, 3])\n    for i in tf.range(n):\n"
            "        x = tf.concat([x, tf.ones([1, 3])], axis=0)\n    return x\n",
            [],
        ),
    ],
)
def test_loop_variable_changes_dtype_or_shape(body, expected):
    assert rule_ids(HEADER + "@tf.function\ndef f(n):\n" + body, ["TF885"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("x = tf.zeros([3])\nx[0] = 1.0\n", ["TF866"]),
        (
            "def f(t):\n    t[t > 0] = 0.0\n    return t\nds = tf.data.Dataset.range(3).map(f)\n",
            ["TF866"],
        ),
        (
            "@tf.function\ndef f(t):\n    y = tf.cast(t, tf.int32)\n    y[:, 0] += 1\n    return y\n",
            ["TF866"],
        ),
        # NumPy first; a NumPy array; a Python dict; a parameter nothing shows is a tensor
        ("x = tf.zeros([3]).numpy()\nx[0] = 1.0\n", []),
        ("def g():\n    x = tf.zeros([3])\n    x = x.numpy()\n    x[0] = 1.0\n", []),
        ("import numpy as np\nx = np.zeros(3)\nx[0] = 1\n", []),
        ("d = {}\nd['a'] = tf.zeros([1])\n", []),
        ("def h(x):\n    x[0] = 1\n", []),
    ],
)
def test_tensor_item_assignment(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF866"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # SciPy converts its array arguments with NumPy: fails on a graph tensor
        (
            "from scipy import ndimage\n"
            "def rot(v, l):\n    return ndimage.rotate(v, 10, reshape=False), l\n"
            "ds = tf.data.Dataset.from_tensor_slices((x, y)).map(rot)\n",
            ["TF804"],
        ),
        (
            "from scipy import ndimage\n"
            "def rotate(volume):\n    return ndimage.zoom(volume, 2)\n"
            "def prep(v, l):\n    return rotate(v), l\n"
            "ds = tf.data.Dataset.from_tensor_slices((x, y)).map(prep)\n",
            ["TF804"],
        ),
        # a NumPy array method on a part unpacked from the element tf.data passes
        (
            "def unpacked(sample):\n    volume, label = sample\n"
            "    return volume.astype('float32'), label\n"
            "ds = tf.data.Dataset.from_tensor_slices(((x, y),)).map(unpacked)\n",
            ["TF804"],
        ),
        # SciPy outside traced code; on a NumPy array's unpacked part
        ("from scipy import ndimage\nv = ndimage.rotate(x, 10)\n", []),
        ("def f(pair):\n    a, b = pair\n    return a.astype('float32')\nf((x, y))\n", []),
    ],
)
def test_numpy_and_scipy_on_map_inputs(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF804"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "def gen(n):\n    yield from range(n)\n"
            "def make(n):\n    return tf.data.Dataset.from_generator(lambda: gen(n), "
            "output_signature=tf.TensorSpec([], tf.int32))\n"
            "ds = tf.data.Dataset.range(3).flat_map(make)\n",
            ["TF867"],
        ),
        (
            "def make(path):\n    def lines():\n        with open(path) as f:\n"
            "            yield from f\n"
            "    return tf.data.Dataset.from_generator(lines, output_types=tf.string)\n"
            "ds = tf.data.Dataset.list_files('*.txt').interleave(make)\n",
            ["TF867"],
        ),
        # through `args`; untraced; a Python value of the function
        (
            "def gen(n):\n    yield from range(n)\n"
            "def make(n):\n    return tf.data.Dataset.from_generator(gen, args=(n,), "
            "output_types=tf.int64)\n"
            "ds = tf.data.Dataset.range(3).flat_map(make)\n",
            [],
        ),
        (
            "def gen(n):\n    yield from range(n)\n"
            "def make(n):\n    return tf.data.Dataset.from_generator(lambda: gen(n), "
            "output_types=tf.int64)\nds = make(3)\n",
            [],
        ),
        (
            "def gen(n):\n    yield from range(n)\n"
            "def make(x):\n    size = 4\n    return tf.data.Dataset.from_generator(lambda: "
            "gen(size), output_types=tf.int64)\n"
            "ds = tf.data.Dataset.range(3).flat_map(make)\n",
            [],
        ),
    ],
)
def test_tensor_captured_by_generator(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF867"]) == expected


@pytest.mark.parametrize(
    "source",
    [
        # the map function reaches `ds.map` through a parameter, or a constructor's argument
        "def aug(v, l):\n    return v.astype('float32'), l\n"
        "def build(ds, transform):\n    return ds.map(transform)\nb = build(tf.data.Dataset.range(3), aug)\n",
        "def aug(v, l):\n    return v.astype('float32'), l\n"
        "class Loader:\n    def __init__(self, transform):\n        self.transform = transform\n"
        "    def load(self, ds):\n        return ds.map(self.transform)\n"
        "b = Loader(aug).load(tf.data.Dataset.range(3))\n",
    ],
)
def test_map_function_handed_through_parameter_is_traced(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF804"]) == ["TF804"]


def test_numpy_transform_in_a_composed_pipeline_is_reported_where_the_tensor_goes_in():
    source = (
        "import tensorflow as tf\n"
        "class RandomFlip:\n    def __call__(self, v):\n        return v.astype('float32')\n"
        "class Compose:\n    def __init__(self, transforms):\n        self.transforms = transforms\n"
        "    def __call__(self, v):\n        for t in self.transforms:\n            v = t(v)\n"
        "        return v\n"
        "compose = Compose([RandomFlip()])\n"
        "ds = tf.data.Dataset.range(3).map(lambda v: compose(v))\n"
    )
    assert rule_ids(source, ["TF804"]) == ["TF804"]


@pytest.mark.parametrize(
    "source",
    [
        "example = tf.io.parse_single_example(r, spec)\nexample['image'] = tf.io.decode_png(r)\n",
        "def f(x):\n    x['image'] = x['image'] / 255\n    return x\n"
        "ds = tf.data.Dataset.range(3).map(f)\n",
    ],
)
def test_tensor_item_assignment_spares_dicts_of_tensors(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF866"]) == []


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "class W2V(keras.Model):\n    @tf.function\n    def restore(self, path):\n"
            "        tf.train.Checkpoint(model=self).read(path)\n",
            ["TF868"],
        ),
        (
            "ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))\n"
            "@tf.function\ndef step(path):\n    ckpt.restore(path)\n    ckpt.save(path)\n",
            ["TF868", "TF868"],
        ),
        (
            "model = keras.Sequential([keras.layers.Dense(2)])\n"
            "@tf.function\ndef step():\n    model.save_weights('w.weights.h5')\n"
            "    tf.saved_model.save(model, 'export')\n",
            ["TF868", "TF868"],
        ),
        # `Checkpoint.write` works in a tf.function; saving eagerly is fine
        (
            "ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))\n"
            "manager = tf.train.CheckpointManager(ckpt, 'dir', 3)\n"
            "@tf.function\ndef step(path):\n    ckpt.write(path)\n"
            "step('p')\nmanager.save()\n",
            [],
        ),
    ],
)
def test_checkpoint_io_in_traced_code(source, expected):
    assert rule_ids(KERAS_HEADER + source, ["TF868"]) == expected


# Checked under TF 2.21: a map over Dataset.from_generator traces its function on the declared
# element spec, so images declared `TensorSpec((None, None, 3))` have no static height there
# (`'>' not supported between instances of 'NoneType' and 'NoneType'`).
GENERATED = (
    "import tensorflow as tf\ndef fit(image, label):\n    h, w = image.shape[0], image.shape[1]\n"
    "    scale = 256 / max(h, w)\n    return tf.image.resize(image, (int(h * scale), int(w * scale))), label\n"
    "ds = tf.data.Dataset.from_generator(gen, output_signature=(\n"
    "    tf.TensorSpec({shape}, tf.uint8), tf.TensorSpec((), tf.int32)))\n"
    "ds = ds.shuffle(64).map(fit)\n"
)


@pytest.mark.parametrize("shape, expected", [("(None, None, 3)", 2), ("(224, 224, 3)", 0)])
def test_a_map_over_a_generator_sees_its_declared_none_dimensions(shape, expected):
    assert rule_ids(GENERATED.format(shape=shape), ["TF897"]) == ["TF897"] * expected


# Checked under TF 2.21: a function mapped after `batch(n)` or `padded_batch(n)` sees the
# batch dimension None (the last batch may be smaller); `drop_remainder=True` fixes it.
@pytest.mark.parametrize(
    "batching, expected",
    [("batch(32)", 1), ("padded_batch(8)", 1), ("batch(32, drop_remainder=True)", 0)],
)
def test_a_map_after_batching_sees_the_batch_none(batching, expected):
    source = (
        "import tensorflow as tf\ndef flat(images, labels):\n"
        "    return tf.reshape(images, [images.shape[0], -1]), labels\n"
        f"ds = tf.data.Dataset.from_tensor_slices((xs, ys)).shuffle(9).{batching}.map(flat)\n"
    )
    assert rule_ids(source, ["TF897"]) == ["TF897"] * expected


# Checked under TF 2.21: AutoGraph turns `float(t)` into a cast, so a list filled with it holds
# graph tensors, and `np.array(values)` raises NotImplementedError while tracing.
@pytest.mark.parametrize(
    "fill, expected",
    [
        ("values[i] = float(x[i])", ["TF804"]),
        ("values.append(tf.square(x[i]))", ["TF804"]),
        ("values[i] = float(i)", []),
    ],
)
def test_numpy_on_a_list_of_graph_tensors(fill, expected):
    source = (
        "import numpy as np\nimport tensorflow as tf\n"
        "@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])\ndef f(x):\n"
        f"    values = [0.0] * 4\n    for i in range(4):\n        {fill}\n"
        "    return np.array(values)\n"
    )
    assert rule_ids(source, ["TF804"]) == expected


# A resize-to-fit function mapped over two pipelines, one of fixed-size arrays and one of
# images of any size (checked under TF 2.21: the first `map` traces it with 32 x 48, the
# second fails at its `map`, TypeError comparing None): tf.data traces the function at each
# `map`, so one pipeline handing it a None dimension is enough.
TWO_PIPELINES = """
import numpy as np
import tensorflow as tf


def resize_to_fit(image):
    height, width = image.shape[0], image.shape[1]
    scale = 64 / height if height > width else 64 / width
    return tf.image.resize(image, (int(height * scale), int(width * scale)))


def load(path):
    return tf.io.decode_jpeg(tf.io.read_file(path), channels=3)


def gen():
    yield np.zeros((32, 48, 3), "float32")


fixed = tf.data.Dataset.from_tensor_slices(np.zeros((2, 32, 48, 3), "float32")).map(resize_to_fit)
{varying}
"""


@pytest.mark.parametrize(
    "varying, expected",
    [
        (
            "ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec("
            "(None, None, 3), tf.float32)).map(resize_to_fit)",
            ["TF897", "TF897"],
        ),
        (
            "ds = tf.data.Dataset.list_files('*.jpg').map(load).map(resize_to_fit)",
            ["TF897", "TF897"],
        ),
        (
            "ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec("
            "(32, 48, 3), tf.float32)).map(resize_to_fit)",
            [],
        ),
    ],
)
def test_one_pipeline_of_any_image_size_is_enough(varying, expected):
    assert rule_ids(TWO_PIPELINES.format(varying=varying), ["TF897"]) == expected


_ACCUMULATING_MODEL = (
    "import keras\n"
    "strategy = {strategy}\n"
    "class Accumulating(keras.Model):\n"
    "    def train_step(self, data):\n"
    "        x, y = data\n"
    "        with tf.GradientTape() as tape:\n"
    "            loss = tf.reduce_mean((self(x) - y) ** 2)\n"
    "        self.grads = tape.gradient(loss, self.trainable_variables)\n"
    "        tf.cond(self.optimizer.iterations % 2 == 0, {branch}, lambda: None)\n"
    "        return {{'loss': loss}}\n"
    "    def apply_accumulated(self):\n"
    "        self.optimizer.apply_gradients(zip(self.grads, self.trainable_variables))\n"
    "    def log(self):\n"
    "        tf.print(self.optimizer.iterations)\n"
)


@pytest.mark.parametrize(
    ("strategy", "branch", "expected"),
    [
        # a tf.cond branch (a method, or a lambda calling one) applies gradients
        ("tf.distribute.MirroredStrategy()", "self.apply_accumulated", ["TF809"]),
        ("tf.distribute.MirroredStrategy()", "lambda: self.apply_accumulated()", ["TF809"]),
        (
            "tf.distribute.MultiWorkerMirroredStrategy()",
            "self.apply_accumulated",
            ["TF809"],
        ),
        # no update in the branch; a strategy whose replicas can merge there; no strategy
        ("tf.distribute.MirroredStrategy()", "self.log", []),
        ("tf.distribute.OneDeviceStrategy('/cpu:0')", "self.apply_accumulated", []),
        ("tf.distribute.get_strategy()", "self.apply_accumulated", []),
    ],
)
def test_gradient_update_inside_cond_under_strategy(strategy, branch, expected):
    source = HEADER + _ACCUMULATING_MODEL.format(strategy=strategy, branch=branch)
    assert rule_ids(source, ["TF809"]) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a restored SavedModel, its functions and signatures, and a decorated tf.function
        ("restored = tf.saved_model.load('m')\nout = restored(h)\n", ["TF810"]),
        ("restored = tf.saved_model.load('m')\nout = restored.serve(h)\n", ["TF810"]),
        (
            "restored = tf.saved_model.load('m')\n"
            "out = restored.signatures['serving_default'](h)\n",
            ["TF810"],
        ),
        ("@tf.function\ndef scale(x):\n    return x * 2.0\nout = scale(inputs)\n", ["TF810"]),
        # real tensors, a plain function, a layer
        ("restored = tf.saved_model.load('m')\nout = restored(tf.ones([1, 3]))\n", []),
        ("def scale(x):\n    return x * 2.0\nout = scale(inputs)\n", []),
        ("out = keras.layers.Dense(2)(h)\n", []),
    ],
)
def test_traced_function_called_on_keras_tensor(body, expected):
    source = (
        HEADER + "import keras\ninputs = keras.Input((3,))\nh = keras.layers.Dense(3)(inputs)\n"
    )
    assert rule_ids(source + body, ["TF810"]) == expected

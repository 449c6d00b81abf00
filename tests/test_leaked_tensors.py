"""TF301: tensors leaking out of traced code."""

from __future__ import annotations

import pytest

from conftest import check_state_form, lint, rule_ids, state_forms


@pytest.mark.parametrize(
    "source",
    [
        "cache = None\n@tf.function\ndef f(x):\n    global cache\n    cache = tf.square(x)\n",
        "out = {}\n@tf.function\ndef f(x):\n    out['y'] = x * 2.0\n",
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        self.last = tf.nn.relu(x)\n",
        "class L(tf.keras.layers.Layer):\n    def call(self, x):\n        y = tf.matmul(x, x)\n        self.attn = y\n        return y\n",
        # the tf.function guide's "All outputs of a tf.function must be return values": a
        # tensor leaked through a global, even if it is also returned, or into an outer list
        # or another object
        "x = None\n@tf.function\ndef leaky(a):\n    global x\n    x = a + 1\n    return a + 2\n",
        "x = None\n@tf.function\ndef leaky(a):\n    global x\n    x = a + 1\n    return x\n",
        "class Box:\n    def __init__(self):\n        self.field = None\nbox = Box()\n"
        "@tf.function\ndef leaky():\n    a = tf.constant(1)\n    box.field = a\n",
        # a decoder handed to a traced function caches a constant on itself on the first call
        # (NVlabs/sionna#866, tests/realworld/leaked_lazy_tensor_on_decoder: the next trace
        # fails, the tensor is out of scope)
        "class Decoder:\n    def __init__(self):\n        self.m = None\n"
        "    def __call__(self, x):\n        if self.m is None:\n"
        "            self.m = tf.constant([[1.0]])\n        return tf.matmul(x, self.m)\n"
        "@tf.function\ndef run(decoder, x):\n    return decoder(x)\n"
        "decoder = Decoder()\nrun(decoder, tf.ones((1, 1)))\n",
    ],
)
def test_tensor_stored_outside_is_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF3"]) == ["TF301"]


@pytest.mark.parametrize(
    "source",
    [
        # a Python value, not a tensor (TF202's business)
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        self.n = x.shape[0]\n",
        # a local
        "@tf.function\ndef f(x):\n    y = tf.square(x)\n    return y\n",
        # eager code may keep tensors
        "class M:\n    def f(self, x):\n        self.last = tf.square(x)\n",
        # assigning into a Variable
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        self.v.assign(tf.square(x))\n",
    ],
)
def test_no_leak(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF3"]) == []


# TF302: a Python list filled inside a loop AutoGraph converts, read after it.
def _converted(body: str) -> str:
    return "import tensorflow as tf\n@tf.function\ndef f(n, x):\n" + body


@pytest.mark.parametrize(
    "body",
    [
        # the loop target of tf.range is a tensor of the loop body
        "    out = []\n    for i in tf.range(n):\n        out.append(i)\n    return tf.add_n(out)\n",
        # a computed tensor appended; the iterable a local tensor
        "    rows = tf.ones([4, 3])\n    out = []\n    for r in rows:\n"
        "        out.append(tf.reduce_sum(r))\n    return tf.stack(out)\n",
        # index assignment, and range() of a tensor
        "    out = [None] * 3\n    for i in range(tf.shape(x)[0]):\n"
        "        out[i] = tf.square(x[i])\n    return out\n",
        # a while on a tensor condition
        "    out = []\n    i = tf.constant(0)\n    while i < tf.shape(x)[0]:\n"
        "        out.append(tf.square(x[i]))\n        i += 1\n    return tf.stack(out)\n",
    ],
)
def test_list_filled_in_converted_loop_and_read_after_is_reported(body):
    assert rule_ids(_converted(body), ["TF302"]) == ["TF302"]


def test_nested_converted_loops_report_the_append_once():
    body = (
        "    a = tf.ones([2, 3])\n    s = []\n    for u in a:\n        for v in a:\n"
        "            s.append(tf.reduce_sum(u * v))\n    return tf.stack(s)\n"
    )
    assert rule_ids(_converted(body), ["TF302"]) == ["TF302"]


@pytest.mark.parametrize(
    "body",
    [
        # a Python loop: unrolled, the list is fine
        "    out = []\n    for i in range(3):\n        out.append(x * i)\n    return tf.stack(out)\n",
        # a loop over a parameter: it may be a Python list of tensors
        "    out = []\n    for v in x:\n        out.append(v * 2.0)\n    return out\n",
        # not read after the loop
        "    out = []\n    for i in tf.range(n):\n        out.append(i)\n    return n\n",
        # a list created inside the loop is scratch of one iteration
        "    for i in tf.range(n):\n        out = []\n        out.append(i)\n        tf.print(out)\n"
        "    return n\n",
        # a Python value appended, not a tensor
        "    out = []\n    for i in tf.range(n):\n        out.append('step')\n    return len(out)\n",
        # the fix: a TensorArray
        "    ta = tf.TensorArray(tf.int32, size=n)\n    for i in tf.range(n):\n"
        "        ta = ta.write(i, i)\n    return ta.stack()\n",
    ],
)
def test_no_list_in_converted_loop_finding(body):
    assert rule_ids(_converted(body), ["TF302"]) == []


def test_list_in_converted_loop_is_not_reported_without_autograph():
    source = (
        "import tensorflow as tf\n@tf.function(autograph=False)\ndef f(n):\n    out = []\n"
        "    for i in tf.range(n):\n        out.append(i)\n    return out\n"
    )
    assert rule_ids(source, ["TF302"]) == []


def test_loop_over_an_unstacked_tensor_is_a_python_loop():
    # tf.unstack returns a Python list: the loop is unrolled, the list of outputs is fine
    body = (
        "    outputs = []\n    for step in tf.unstack(x, axis=1):\n"
        "        outputs.append(tf.tanh(step))\n    return tf.stack(outputs, axis=1)\n"
    )
    assert rule_ids(_converted(body), ["TF302"]) == []


def test_classes_and_functions_stored_in_a_registry_from_traced_code_are_not_tensors():
    # a registry keeps what it is handed: a class, a library function, a decorated function
    source = """\
        import tensorflow as tf

        _LOSSES = {}
        _HOOKS = []


        class Registry:
            def __init__(self):
                self._items = {}

            def register(self, name, obj):
                self._items[name] = obj
                return obj


        LAYERS = Registry()


        def register_loss(name):
            def decorator(fn):
                _LOSSES[name] = fn
                return fn

            return decorator


        def add_hook(hook):
            _HOOKS.append(hook)


        class Block(tf.keras.layers.Layer):
            def call(self, x):
                LAYERS.register("dense", tf.keras.layers.Dense)
                add_hook(tf.nn.gelu)

                @register_loss("scaled")
                def scaled(y, p):
                    return tf.reduce_mean(tf.square(y - p))

                add_hook(lambda t: t * 2)
                return x
        """
    assert [d.rule for d in lint(source, ["TF301"])] == []
    # a tensor handed to the same registry is still one
    tensor = source.replace('"dense", tf.keras.layers.Dense', '"out", tf.nn.relu(x)')
    assert [d.rule for d in lint(tensor, ["TF301"])] == ["TF301"]


# TF302's forms from issue 28 (each run under TF 2.21: InaccessibleTensorError after the loop).
@pytest.mark.parametrize(
    "body",
    [
        # a loop variable AutoGraph carries: rebound in the body from a parameter
        "    out = []\n    token = x\n    for _ in tf.range(n):\n        token = tf.nn.softmax(token)\n"
        "        out.append(token)\n    return tf.stack(out)\n",
        "    out = []\n    i = tf.constant(0)\n    while i < n:\n        x = x * 2.0\n"
        "        out.append(x)\n        i += 1\n    return out\n",
        # arithmetic on the converted loop's target
        "    rows = tf.ones([3, 2])\n    out = []\n    for r in rows:\n        out.append(r * 2.0)\n"
        "    return tf.stack(out)\n",
        # a Keras model called in the body
        "    out = []\n    for _ in tf.range(n):\n        out.append(model(x))\n"
        "    return tf.concat(out, 0)\n",
    ],
)
def test_tensors_of_a_converted_loop_body_appended_to_a_list(body):
    source = "import tensorflow as tf\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(2)])\n"
    assert rule_ids(source + _converted(body)[len("import tensorflow as tf\n") :], ["TF302"]) == [
        "TF302"
    ]


def test_a_dataset_parameter_iterated_in_traced_code_is_a_converted_loop():
    source = (
        "import tensorflow as tf\n@tf.function\ndef collect(dataset):\n    values = []\n"
        "    for batch in dataset:\n        values.append(tf.reduce_mean(batch))\n"
        "    return tf.add_n(values)\n"
    )
    found = lint(source, ["TF302"])
    assert [d.rule for d in found] == ["TF302"] and "a `for` over a dataset" in found[0].message


@pytest.mark.parametrize(
    "body",
    [
        # Python data bound in the body, and the body's own static shapes
        "    out = []\n    for i in tf.range(n):\n        label = 'step'\n        out.append(label)\n"
        "    return len(out)\n",
        "    out = []\n    for r in tf.ones([3, 2]):\n        out.append(r.shape[0])\n"
        "    return len(out)\n",
    ],
)
def test_python_data_of_a_converted_loop_body_is_not_a_leak(body):
    assert rule_ids(_converted(body), ["TF302"]) == []


@pytest.mark.parametrize("name", state_forms("TF301"))
def test_a_leaked_tensor_form_confirmed_under_tensorflow_is_reported(name):
    """A tensor cached under `if self.t is None:`, kept on self for a public method, or stored
    on an object passed in from outside the trace."""
    check_state_form(name)


@pytest.mark.parametrize(
    "source",
    [
        # scratch state of one call: set and read back by the call, read by nothing else
        "class W(tf.keras.layers.Layer):\n    def call(self, x):\n"
        "        self._h = tf.nn.relu(x)\n        return self._h * 2.0\n",
        # an object the trace builds itself and passes to a helper
        "class Acc:\n    def __init__(self):\n        self.total = 0.0\n"
        "def add(acc, x):\n    acc.total += tf.reduce_sum(x)\n"
        "@tf.function\ndef step(x):\n    acc = Acc()\n    add(acc, x)\n    return acc.total\n",
        # a variable created once under the guard TensorFlow's guide recommends
        "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
        "        self.v = None\n    def call(self, x):\n        if self.v is None:\n"
        "            self.v = tf.Variable(1.0)\n        return x * self.v\n",
    ],
)
def test_no_leak_in_these_widened_forms(source):
    found = lint("import tensorflow as tf\n" + source, ["TF301"])
    assert [d.rule for d in found if not d.preview] == []


# Checked under TF 2.21 / Keras 3.15: state a layer's call reads before it stores it again
# carries a tensor of one trace into the next, and `fit` fails ("cannot be accessed from
# FuncGraph(...) because it was defined in FuncGraph(...), which is out of scope").
@pytest.mark.parametrize(
    "source, line",
    [
        (
            "class Memory(tf.keras.layers.Layer):\n    def build(self, shape):\n"
            "        self.hidden = tf.zeros((1, 4))\n    def call(self, x):\n"
            "        h = tf.tanh(x + self.hidden)\n"
            "        self.hidden = tf.reduce_mean(h, axis=0, keepdims=True)\n        return h\n",
            7,
        ),
        (
            "class Smoother(tf.keras.layers.Layer):\n    def __init__(self):\n"
            "        super().__init__()\n        self.previous = None\n    def call(self, x):\n"
            "        if self.previous is not None:\n            x = 0.9 * self.previous + 0.1 * x\n"
            "        self.previous = x\n        return x\n",
            9,
        ),
    ],
)
def test_state_read_before_it_is_stored_leaks(source, line):
    found = lint("import tensorflow as tf\n" + source, ["TF301"])
    assert [(d.rule, d.line, d.preview) for d in found] == [("TF301", line, False)]


SOLVER = """
import tensorflow as tf


class Solver:
    def __init__(self, x0):
        self.x = tf.constant(x0)
        self.decay = 0.5

    def update(self):
        self.x = self.x * self.decay
        return self.x


solver = Solver([1.0, 2.0])
step = {traced}
for _ in range(3):
    step()
"""


def test_an_iterate_rebound_in_a_traced_bound_method_leaks_and_is_not_tensor_state():
    # `tf.function(solver.update)` traces the bound method; `self.x` holds the tensor
    # `__init__` set, so `self.x * ...` is one too: the store leaks it (TF301), and TF907
    # reports the read the first trace captured, not the attribute in `__init__`
    found = lint(SOLVER.format(traced="tf.function(solver.update)"), ["TF301", "TF907", "TF202"])
    assert [(d.rule, d.line, d.preview) for d in found] == [
        ("TF301", 11, False),
        ("TF907", 11, False),
    ]
    shown = " ".join(s.message for s in found[0].evidence.value)
    assert "`self.x` holds a tensor: `__init__` sets it here" in shown


def test_an_iterate_rebound_eagerly_is_left_to_tf907():
    found = lint(SOLVER.format(traced="solver.update"), ["TF301", "TF907", "TF202"])
    assert [d.rule for d in found if not d.preview] == []


# --- TF303: a loss or metric given to compile reads a symbolic Keras tensor -----------------

FUNCTIONAL = (
    "import tensorflow as tf\nfrom tensorflow import keras\n\n"
    "inputs = keras.Input(shape=(3,))\nhidden = keras.layers.Dense(3)(inputs)\n"
    "model = keras.Model(inputs, hidden)\n\n\n"
)


@pytest.mark.parametrize(
    "body, expected",
    [
        # the functional model's Input, closed over by the loss
        (
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(tf.square(inputs - y_pred))\n\n\n"
            "model.compile(optimizer='sgd', loss=loss)\n",
            1,
        ),
        # a layer's output, in a metric
        (
            "def metric(y_true, y_pred):\n    return tf.reduce_mean(hidden)\n\n\n"
            "model.compile(optimizer='sgd', loss='mse', metrics=[metric])\n",
            1,
        ),
        # a loss factory handed the Input
        (
            "def make_loss(source):\n    def loss(y_true, y_pred):\n"
            "        return tf.reduce_mean(tf.square(source - y_pred))\n    return loss\n\n\n"
            "model.compile(optimizer='sgd', loss=make_loss(inputs))\n",
            1,
        ),
        # the model's `input`
        (
            "model.compile(optimizer='sgd', loss=lambda t, p: tf.reduce_mean(p - model.input))\n",
            1,
        ),
        # a Keras tensor kept on the object whose method builds the model and the loss
        (
            "class VAE:\n    def build(self):\n        x = keras.Input(shape=(3,))\n"
            "        self.mu = keras.layers.Dense(2)(x)\n"
            "        self.model = keras.Model(x, self.mu)\n\n"
            "    def compile(self):\n        def kl(y_true, y_pred):\n"
            "            return tf.reduce_sum(tf.square(self.mu))\n\n"
            "        self.model.compile(optimizer='sgd', loss=kl)\n",
            1,
        ),
        # the static shape of the Input: a Python value read while building
        (
            "def loss(y_true, y_pred):\n    width = inputs.shape[-1]\n"
            "    return tf.reduce_mean(tf.square(y_true - y_pred)) / width\n\n\n"
            "model.compile(optimizer='sgd', loss=loss)\n",
            0,
        ),
        # a loss that only uses what Keras passes it
        (
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(tf.square(y_true - y_pred))\n\n\n"
            "model.compile(optimizer='sgd', loss=loss)\n",
            0,
        ),
        # a keyword spelled like a module-level Keras tensor names a parameter, not the tensor
        (
            "def loss(y_true, y_pred):\n"
            "    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y_true, "
            "logits=y_pred))\n\n\nlogits = hidden\n"
            "model.compile(optimizer='sgd', loss=loss)\n",
            0,
        ),
        # eager execution off: TF1-style Keras builds the step in the model's graph
        (
            "tf.compat.v1.disable_eager_execution()\n\n\n"
            "def loss(y_true, y_pred):\n    return tf.reduce_mean(tf.square(inputs - y_pred))\n\n\n"
            "model.compile(optimizer='sgd', loss=loss)\n",
            0,
        ),
    ],
)
def test_keras_tensor_captured_by_trained_function(body, expected):
    assert rule_ids(FUNCTIONAL + body, ["TF303"]) == ["TF303"] * expected


def _marked(source: str) -> list[int]:
    return [n for n, line in enumerate(source.splitlines(), 1) if line.endswith("# fires")]


TF304_SAMPLE = """\
import tensorflow as tf
from tensorflow import keras

inp = keras.Input((5, 3))
h = keras.layers.Dense(4)(inp)
n = inp.shape[1]


def add_skip(t):
    return t + h  # fires


a = keras.layers.Lambda(add_skip)(inp)
b = keras.layers.Lambda(lambda t: t * inp.shape[1])(h)  # no: static
c = keras.layers.Lambda(lambda ts: ts[0] + ts[1])([h, inp])  # no
d = keras.layers.Lambda(lambda t: t * n)(h)  # no
"""


def test_tf304_sample_reports_lambda_functions_reading_captured_keras_tensors():
    lines = [d.line for d in lint(TF304_SAMPLE, ["TF304"]) if d.rule == "TF304"]
    assert lines == _marked(TF304_SAMPLE)


# The tf.function guide's "All outputs of a tf.function must be return values", with the tensor
# computed by a Keras model the caller passes in (checked under TF 2.21: reading the global
# after the call raises AttributeError: 'SymbolicTensor' object has no attribute 'numpy').
FORWARD = (
    "import tensorflow as tf\nlast_logits = None\n@tf.function\ndef forward(model, x):\n"
    "    global last_logits\n    logits = model(x)\n    last_logits = logits\n"
    "    return tf.nn.softmax(logits)\n"
)


@pytest.mark.parametrize(
    ("passed", "found"),
    [
        (
            "model = tf.keras.Sequential([tf.keras.layers.Dense(3)])\nforward(model, tf.ones([2, 4]))\n",
            True,
        ),
        ("forward(tf.keras.layers.Dense(3), tf.ones([2, 4]))\n", True),
        # a plain Python callable: what it returns is not known
        ("forward(lambda t: 2 * t, [1.0])\n", False),
    ],
)
def test_a_keras_model_the_caller_passes_computes_a_tensor_in_the_trace(passed, found):
    assert (rule_ids(FORWARD + passed, ["TF301"]) == ["TF301"]) is found


# The migration guide's "Out-of-scope Tensors due to tf.function retracing": a dataset made in
# traced code under a one-time guard, in a function whose first call also creates a variable
# (checked under TF 2.21: TypeError, the dataset's variant tensor "is out of scope and cannot
# be used here"); lifted out with tf.init_scope(), it is made eagerly.
GUARDED_DATASET = (
    "import tensorflow as tf\nclass Model(tf.Module):\n    def __init__(self):\n"
    "        self.v = None\n        self.dataset = None\n    @tf.function\n    def __call__(self):\n"
    "        if self.v is None:\n            self.v = tf.Variable(0)\n"
    "        if self.dataset is None:\nMAKE"
    "        return [self.v, next(iter(self.dataset))]\n"
)


@pytest.mark.parametrize(
    ("make", "found"),
    [
        ("            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])\n", True),
        (
            "            ds = tf.data.Dataset.range(3)\n            self.dataset = ds.map(lambda x: x + 1)\n",
            True,
        ),
        (
            "            with tf.init_scope():\n"
            "                self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])\n",
            False,
        ),
    ],
)
def test_a_dataset_made_in_traced_code_and_kept_on_the_object(make, found):
    shown = [d.rule for d in lint(GUARDED_DATASET.replace("MAKE", make), ["TF301"])]
    assert (shown == ["TF301"]) is found


# The AutoGraph reference's "Python collections of fixed structure with dynamic index" (checked
# under TF 2.21: InaccessibleTensorError for each dynamic form; the constant slots run).
DYNAMIC_INDEX = "import tensorflow as tf\n@tf.function\ndef f(x, dataset, metrics):\nBODY"


@pytest.mark.parametrize(
    ("body", "found"),
    [
        (
            '    totals = {"loss": tf.constant(0.0), "acc": tf.constant(0.0)}\n'
            "    for i in tf.range(3):\n        for key in totals:\n"
            "            totals[key] = totals[key] + x\n    return totals\n",
            True,
        ),
        (
            "    acc = [tf.constant(0.0), tf.constant(0.0)]\n    for i in tf.range(3):\n"
            "        for j in range(2):\n            acc[j] += x\n    return acc\n",
            True,
        ),
        (
            "    totals = {name: tf.constant(0.0) for name in metrics}\n"
            "    for y in dataset:\n        for name, fn in metrics.items():\n"
            "            totals[name] += fn(y)\n    return totals\n",
            True,
        ),
        # constant slots: carried through the loop
        (
            "    acc = [tf.constant(0.0), tf.constant(0.0)]\n    for i in tf.range(3):\n"
            "        acc[0] = acc[0] + x\n        acc[1] += 2 * x\n    return acc\n",
            False,
        ),
        (
            '    totals = {"loss": tf.constant(0.0)}\n    for i in tf.range(3):\n'
            '        totals["loss"] += x\n    return totals\n',
            False,
        ),
        # not read after the loop
        (
            '    totals = {"loss": tf.constant(0.0), "acc": tf.constant(0.0)}\n'
            "    for i in tf.range(3):\n        for key in totals:\n"
            "            totals[key] += x\n    return x\n",
            False,
        ),
    ],
)
def test_a_fixed_collection_updated_by_a_dynamic_index_in_a_converted_loop(body, found):
    shown = rule_ids(DYNAMIC_INDEX.replace("BODY", body), ["TF302"])
    assert (shown == ["TF302"]) is found


def test_a_loop_over_the_keys_of_a_dataset_functions_dict_of_features_is_python():
    """tf.data hands a function a dict of tensors for a dataset of features: `for k in
    example` walks its keys in Python (the function indexes it with `"targets"`), so a dict
    filled by key there is no graph loop's (checked under TF 2.21: the flat_map runs)."""
    source = (
        "import tensorflow as tf\n"
        "def split(example):\n"
        '    x = example["targets"]\n'
        "    new = {}\n"
        "    for k in example:\n"
        '        if k != "targets":\n'
        "            new[k] = tf.concat([example[k], example[k]], axis=0)\n"
        '    new["targets"] = tf.concat([x, x], axis=0)\n'
        "    return tf.data.Dataset.from_tensor_slices(new)\n"
        "ds = tf.data.Dataset.from_tensors({'targets': tf.ones([2, 4])}).flat_map(split)\n"
    )
    assert rule_ids(source, ["TF302"]) == []
    # the same loop over a tensor the function computes is AutoGraph's graph loop
    tensor_loop = source.replace("for k in example:", "for k in tf.range(3):").replace(
        'if k != "targets":', "if True:"
    )
    assert rule_ids(tensor_loop, ["TF302"]) == ["TF302"]

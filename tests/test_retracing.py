"""TF501-TF506: calls and constructions that make a tf.function retrace."""

from __future__ import annotations

import pytest

from conftest import check_state_form, lint, rule_ids, state_forms

STEP = "@tf.function\ndef step(x, k):\n    return x * k\n"


@pytest.mark.parametrize(
    "source, rule",
    [
        (STEP + "def train(ds):\n    for epoch in range(10):\n        step(ds, epoch)\n", "TF501"),
        (STEP + "def train(ds):\n    for i, b in enumerate(ds):\n        step(b, i)\n", "TF501"),
        (
            STEP + "def train(ds):\n    for e in range(10):\n        lr = 0.1 * 0.9 ** e\n"
            "        step(ds, lr)\n",
            "TF501",
        ),
        (STEP + "def train(ds):\n    for e in range(9):\n        step(ds, e / 10)\n", "TF501"),
        (
            "def f(x, k):\n    return x\nstep = tf.function(f)\n"
            "def train(ds):\n    for e in range(10):\n        step(ds, e)\n",
            "TF501",
        ),
        (
            "def loop(xs):\n    for x in xs:\n        @tf.function\n        def g(v):\n"
            "            return v\n        g(x)\n",
            "TF502",
        ),
        ("def loop(xs, f):\n    for x in xs:\n        g = tf.function(f)\n        g(x)\n", "TF502"),
        ("def predict(f, x):\n    return tf.function(f)(x)\n", "TF503"),
        (
            "def once(x):\n    @tf.function\n    def g(v):\n        return v + 1\n"
            "    return g(x)\nfor b in range(5):\n    once(b)\n",
            "TF504",
        ),
        (
            "@tf.function\ndef fact(n):\n    if n <= 1:\n        return 1\n"
            "    return n * fact(n - 1)\n",
            "TF505",
        ),
        (
            "class Opts:\n    def __init__(self, lr):\n        self.lr = lr\n"
            + STEP
            + "def train(ds):\n    for b in ds:\n        step(b, Opts(0.1))\n",
            "TF506",
        ),
        # each read of `model.step` makes a new bound method (tensorflow/tensorflow#31175,
        # tests/realworld/retrace_bound_method_argument: 6 traces in 6 epochs under TF 2.21)
        (
            "class M:\n    def step(self, x):\n        return x\n"
            "@tf.function\ndef run(fn, x):\n    return fn(x)\nm = M()\n"
            "for e in range(6):\n    run(m.step, 1.0)\n",
            "TF506",
        ),
        (
            "class Trainer:\n    def loss(self, x):\n        return x\n"
            "    def fit(self, xs):\n        for x in xs:\n            run(self.loss, x)\n"
            "@tf.function\ndef run(fn, x):\n    return fn(x)\n",
            "TF506",
        ),
        # an attribute the class itself decays between calls (instadeepai/Mava#346,
        # tests/realworld/retrace_agent_key_python_args: 8 traces under TF 2.21)
        (
            STEP + "class Agent:\n    def __init__(self):\n        self.epsilon = 1.0\n"
            "    def act(self, x):\n        y = step(x, self.epsilon)\n"
            "        self.epsilon *= 0.9\n        return y\n",
            "TF501",
        ),
        (
            STEP + "class Agent:\n    def __init__(self):\n        self.steps = 0\n"
            "    def observe(self):\n        self.steps += 1\n"
            "    def run(self, xs):\n        for x in xs:\n            step(x, self.steps)\n",
            "TF501",
        ),
        # a schedule written in Python: a new number for each epoch (the tf.function guide's
        # rule for Python arguments; 6 traces in 6 epochs under TF 2.21)
        (
            STEP + "import math\ndef cosine_lr(epoch, total=10, base=0.1):\n"
            "    return base * 0.5 * (1 + math.cos(math.pi * epoch / total))\n"
            "def train(ds):\n    for epoch in range(10):\n        lr = cosine_lr(epoch)\n"
            "        step(ds, lr)\n",
            "TF501",
        ),
        (
            STEP + "def noise_for(epoch):\n    return max(0.0, 1.0 - epoch / 5)\n"
            "def train(ds):\n    for epoch in range(6):\n        step(ds, noise_for(epoch))\n",
            "TF501",
        ),
        # a Python bool computed from the loop's counter: one graph per value (issue 28)
        (
            STEP + "def train(ds):\n    for epoch in range(6):\n        step(ds, epoch % 2 == 0)\n",
            "TF501",
        ),
        (
            STEP + "def train(ds):\n    for s in range(6):\n        warm = s < 3\n"
            "        step(ds, warm)\n",
            "TF501",
        ),
        # a Python string per file: traced by value (the folder's listing)
        (
            STEP + "import os\ndef load(folder):\n    for name in sorted(os.listdir(folder)):\n"
            "        step(os.path.join(folder, name), 1)\n",
            "TF501",
        ),
    ],
)
def test_retracing_finding(source, rule):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF5"]) == [rule]


@pytest.mark.parametrize(
    "driver",
    [
        "for x in xs:\n    step(x, 10)\nfor x in ys:\n    step(x, 20)\n",
        # an on/off option as a Python bool, one graph per value (issue 28)
        "for x in xs:\n    step(x, True)\nfor x in ys:\n    step(x, False)\n",
        # the literals reach the tf.function through a helper's parameter
        "def batches(data, augment):\n    for b in data:\n        yield step(b, augment)\n"
        "for epoch in range(9):\n    list(batches(xs, True))\n    list(batches(ys, False))\n",
    ],
)
def test_differing_literals_across_repeated_calls(driver):
    source = "import tensorflow as tf\n" + STEP + driver
    assert rule_ids(source, ["TF5"]) == ["TF501", "TF501"]


def test_differing_literals_in_calls_made_once_each():
    # two calls, each made once: each traces once, as any first call does
    source = "import tensorflow as tf\n" + STEP + "step(1.0, 10)\nstep(1.0, 20)\n"
    assert rule_ids(source, ["TF5"]) == []


# A Python seed passed to a tf.function that seeds with it (issue 28): each new seed is a new
# trace, and a tensor seed fails in `tf.random.set_seed` (checked under TF 2.21: 10 traces in 10
# epochs; `OperatorNotAllowedInGraphError` with `tf.constant(3)`). One finding, TF501's, at the
# seeding call; TF205 defers.
SEEDED = (
    "import tensorflow as tf\n@tf.function\ndef simulate(seed):\n"
    "    tf.random.set_seed(seed)\n    return tf.random.normal([3])\n"
)


def test_python_seed_per_call_is_reported_at_the_seeding_call():
    found = lint(
        SEEDED + "for epoch in range(10):\n    simulate(1000 + epoch)\n", ["TF501", "TF205"]
    )
    assert [(d.rule, d.line) for d in found] == [("TF501", 4)]
    assert "a tensor seed fails" in found[0].message


def test_seed_set_from_a_constant_inside_traced_code_stays_tf205():
    source = (
        "import tensorflow as tf\n@tf.function\ndef simulate():\n"
        "    tf.random.set_seed(7)\n    return tf.random.normal([3])\n"
    )
    assert rule_ids(source, ["TF501", "TF205"]) == ["TF205"]


@pytest.mark.parametrize(
    "source",
    [
        # the same literal everywhere: one trace
        STEP + "x = tf.ones(2)\nstep(x, 10)\nstep(x * 2, 10)\n",
        # the loop variable passed as a tensor
        STEP + "def train(ds):\n    for e in range(10):\n        step(ds, tf.constant(e))\n",
        # dataset elements are tensors
        STEP + "def train(ds):\n    for b in ds:\n        step(b, b)\n",
        # an input_signature converts Python numbers to tensors
        "@tf.function(input_signature=[tf.TensorSpec([]), tf.TensorSpec([])])\n"
        "def step(x, k):\n    return x\n"
        "def train(ds):\n    for e in range(10):\n        step(ds, e)\n",
        # a plain helper called from traced code is traced as part of the caller
        "def helper(x, k):\n    return x * k\n"
        "@tf.function\ndef outer(x):\n    for i in range(3):\n        x = helper(x, i)\n"
        "    return x\n",
        # tf.function created before the loop
        "def loop(xs, f):\n    g = tf.function(f)\n    for x in xs:\n        g(x)\n",
        # functions made in a loop only to be stored
        "def build(fs):\n    out = {}\n    for k, f in fs.items():\n"
        "        out[k] = tf.function(f)\n    return out\n",
        # the decorator factory applied to a function is not a call of the function
        "def wrap(f):\n    return tf.function(jit_compile=True)(f)\n",
        # module code and tests run once
        "def f(x):\n    return x\ny = tf.function(f)(1.0)\n",
        "class T:\n    def test_it(self):\n        tf.function(len)([1])\n",
        # a factory that returns the nested tf.function
        "def make():\n    @tf.function\n    def g(v):\n        return v\n    g(1)\n    return g\n"
        "for b in range(5):\n    make()\n",
        "def make(self):\n    @tf.function\n    def g(v):\n        return v\n    g(1)\n"
        "    self.fn = g\nfor b in range(5):\n    make(None)\n",
        # a driver that calls its nested tf.function in its own loop reuses the trace
        "def run(xs):\n    @tf.function\n    def g(v):\n        return v\n"
        "    for x in xs:\n        g(x)\nfor b in range(2):\n    run([b])\n",
        # a nested tf.function in a function not called repeatedly
        "def main():\n    @tf.function\n    def g(v):\n        return v\n    g(1)\n",
        # recursion through a plain Python helper
        "def helper(n):\n    return 1 if n <= 1 else n * helper(n - 1)\n"
        "@tf.function\ndef f(x):\n    return x * helper(4)\n",
        # the same object every iteration
        "class Opts:\n    pass\n" + STEP + "def train(ds):\n    o = Opts()\n"
        "    for b in ds:\n        step(b, o)\n",
        # value-traced objects: dataclasses, named tuples
        "import dataclasses\n@dataclasses.dataclass(frozen=True)\nclass Opts:\n    lr: float\n"
        + STEP
        + "def train(ds):\n    for b in ds:\n        step(b, Opts(0.1))\n",
        "import typing\nclass Opts(typing.NamedTuple):\n    lr: float\n"
        + STEP
        + "def train(ds):\n    for b in ds:\n        step(b, Opts(0.1))\n",
        # the bound method read once, before the loop: the same object every epoch
        "class M:\n    def step(self, x):\n        return x\n"
        "@tf.function\ndef run(fn, x):\n    return fn(x)\nm = M()\nfn = m.step\n"
        "for e in range(6):\n    run(fn, 1.0)\n",
        # a static method is the same function object on every read
        "class M:\n    @staticmethod\n    def step(x):\n        return x\n"
        "@tf.function\ndef run(fn, x):\n    return fn(x)\nm = M()\n"
        "for e in range(6):\n    run(m.step, 1.0)\n",
        # the attribute is set once, when the object is made: one value, one trace
        STEP + "class Agent:\n    def __init__(self, k):\n        self.scale = 1.0\n"
        "        self.scale *= k\n    def act(self, x):\n        return step(x, self.scale)\n",
        # changed in another method, and the call is not in a loop: nothing shows two values
        STEP + "class Agent:\n    def __init__(self):\n        self.epsilon = 1.0\n"
        "    def decay(self):\n        self.epsilon *= 0.9\n"
        "    def act(self, x):\n        return step(x, self.epsilon)\n",
        # passed as a tensor
        STEP + "class Agent:\n    def __init__(self):\n        self.epsilon = 1.0\n"
        "    def act(self, x):\n        y = step(x, tf.constant(self.epsilon))\n"
        "        self.epsilon *= 0.9\n        return y\n",
        # the helper returns a tensor: one trace per shape, not per value
        STEP + "def scaled(e):\n    return tf.constant(0.1) * e\n"
        "def train(ds):\n    for e in range(6):\n        step(ds, scaled(e))\n",
        # the helper's result does not change with the loop
        STEP + "def base_lr(scale=1.0):\n    return 0.1 * scale\n"
        "def train(ds):\n    for e in range(6):\n        step(ds, base_lr())\n",
        # the helper returns what it is given, a tensor here
        STEP + "def identity(v):\n    return v\n"
        "def train(ds):\n    for b in ds:\n        step(ds, identity(b))\n",
        # the path handed over as a tensor
        STEP + "import glob\nfor path in glob.glob('*.png'):\n    step(tf.constant(path), 1.0)\n",
        # a list of paths handed over at once: one call
        STEP + "import glob\nstep(tf.constant(glob.glob('*.png')), 1.0)\n",
    ],
)
def test_no_retracing_finding(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF5"]) == []


# From the tf.function guide ("Rules of tracing", "Controlling retracing"): a Python value that
# changes between calls is a new trace each time, however it changes.
@pytest.mark.parametrize(
    "source",
    [
        # a hand-kept step counter
        STEP + "def train(ds):\n    step_count = 0\n    for b in ds:\n"
        "        step(b, step_count)\n        step_count += 1\n",
        # a while counter
        STEP + "def train(x):\n    i = 0\n    while i < 100:\n        step(x, i)\n        i += 1\n",
        # a learning rate decayed in Python between epochs
        STEP + "def train(ds):\n    lr = 0.1\n    for epoch in range(10):\n        for b in ds:\n"
        "            step(b, lr)\n        lr *= 0.9\n",
        # rebound from itself in the loop
        STEP + "def train(ds):\n    lr = 0.1\n    for b in ds:\n        step(b, lr)\n"
        "        lr = lr * 0.5\n",
    ],
)
def test_python_number_changed_in_the_loop_retraces(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF501"]) == ["TF501"]


@pytest.mark.parametrize(
    "source",
    [
        # rebound in the loop, but always to the same value
        STEP + "def train(ds):\n    for b in ds:\n        k = 5\n        step(b, k)\n",
        # changed in the loop, but passed as a tensor
        STEP + "def train(ds):\n    n = 0\n    for b in ds:\n        step(b, tf.constant(n))\n"
        "        n += 1\n",
        # changed after the loop that calls the function
        STEP + "def train(ds):\n    n = 0\n    for b in ds:\n        step(b, n)\n    n += 1\n",
    ],
)
def test_python_number_not_changed_between_calls_is_one_trace(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF501"]) == []


def test_tf_function_applied_and_called_again_at_module_level():
    source = (
        "import tensorflow as tf\ndef f(x):\n    return x * 2\n"
        "a = tf.function(f)(tf.constant(1))\nb = tf.function(f)(tf.constant(2))\n"
        "c = tf.function(len)([1])\n"
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF503"])] == [("TF503", 5)]


def test_tf_function_applied_and_called_in_a_module_level_loop():
    source = (
        "import tensorflow as tf\ndef f(x):\n    return x * 2\n"
        "for i in range(3):\n    tf.function(f)(tf.constant(i))\n"
    )
    assert rule_ids(source, ["TF503"]) == ["TF503"]


def test_nested_tf_function_rebuilt_when_the_outer_function_is_called_from_a_comprehension():
    source = (
        "import tensorflow as tf\n"
        "def evaluate(x):\n    @tf.function\n    def inner(y):\n        return y * 2\n"
        "    return inner(x)\n"
        "results = [evaluate(tf.constant(i)) for i in range(10)]\n"
    )
    assert rule_ids(source, ["TF504"]) == ["TF504"]


PER_CALL_MODEL = """
import keras
import tensorflow as tf

def train(units, x, y):
    model = {made}
    optimizer = keras.optimizers.Adam()

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return float(train_step(x, y))

small = train(2, tf.ones((4, 3)), tf.zeros((4, 1)))
large = train(8, tf.ones((4, 3)), tf.zeros((4, 1)))
"""


def test_nested_tf_function_over_the_model_its_outer_call_builds_is_not_reported():
    # One tf.function per model and optimizer the outer call creates: hoisted, the second
    # call's variables would be created on a non-first call (ValueError, TF 2.21).
    made = "keras.Sequential([keras.layers.Dense(units), keras.layers.Dense(1)])"
    assert rule_ids(PER_CALL_MODEL.format(made=made), ["TF504"]) == []
    subclass = "class Net(keras.Model):\n    def call(self, x):\n        return x\n"
    source = PER_CALL_MODEL.replace("\ndef train(", "\n" + subclass + "\n\ndef train(")
    assert rule_ids(source.format(made="Net()"), ["TF504"]) == []
    # the model and optimizer handed in: the same ones on every call could share one tf.function
    shared = (
        PER_CALL_MODEL.format(made="net")
        .replace("units, x, y", "net, opt, x, y")
        .replace("keras.optimizers.Adam()", "opt")
    )
    assert rule_ids(shared, ["TF504"]) == ["TF504"]
    # a plain tf.Variable per call: handed to one hoisted tf.function, it reuses the trace
    weights = """
import tensorflow as tf

def trial(scale):
    w = tf.Variable(tf.random.normal((3, 2)) * scale)

    @tf.function
    def forward(x):
        return tf.matmul(x, w)

    return forward(tf.ones((1, 3)))

for scale in (0.1, 1.0, 10.0):
    trial(scale)
"""
    assert rule_ids(weights, ["TF504"]) == ["TF504"]


# Values across calls, each from a public bug report (tests/realworld/retrace_*): the value passed
# is a Python number or string the loop changes, however it reaches the call.
@pytest.mark.parametrize(
    "source, line",
    [
        # floats unpacked from a tuple and decayed in a while loop
        (
            STEP + "n, lr, t = 0, 0.1, 1.0\nwhile n < 6:\n    step(lr, t)\n    lr *= 0.9\n"
            "    t *= 0.95\n    n += 1\n",
            7,
        ),
        # an f-string of the loop variable
        (STEP + "for s in range(6):\n    step(1.0, f'loss_{s}')\n", 6),
        # min() of Python numbers
        (STEP + "for e in range(6):\n    w = 30.0 * min(1.0, e / 10.0)\n    step(1.0, w)\n", 7),
        # round() of the loop variable, passed to a traced __call__ by calling the instance
        (
            "class Sampler(tf.Module):\n    @tf.function\n    def __call__(self, x, alpha):\n"
            "        return x * alpha\nsampler = Sampler()\nfor i in range(6):\n"
            "    a = round(0.1 / (i + 1), 4)\n    sampler(1.0, a)\n",
            9,
        ),
        # an element of a literal list of numbers, and arithmetic with another
        (
            STEP + "sigmas = [1.0, 0.5, 0.1]\nfor s in sigmas:\n"
            "    a = 2e-5 * (s / sigmas[-1]) ** 2\n    step(1.0, a)\n",
            8,
        ),
        # a keyword argument forwarded through **kwargs of a plain function
        (
            STEP + "def moment(x, **kwargs):\n    return step(x, **kwargs)\n"
            "ms = [moment(1.0, k=k) for k in range(1, 7)]\n",
            7,
        ),
    ],
)
def test_python_value_reaching_the_call_retraces(source, line):
    found = lint("import tensorflow as tf\n" + source, ["TF501"])
    assert found and {(d.rule, d.line) for d in found} == {("TF501", line)}


def test_instance_call_names_the_parameter_after_self():
    source = (
        "import tensorflow as tf\nclass Sampler(tf.Module):\n    @tf.function\n"
        "    def __call__(self, x, alpha):\n        return x * alpha\nsampler = Sampler()\n"
        "for i in range(6):\n    sampler(1.0, i)\n"
    )
    (finding,) = lint(source, ["TF501"])
    assert "as `alpha`" in finding.message


@pytest.mark.parametrize(
    "source",
    [
        # an f-string that does not change in the loop
        STEP + "name = 'a'\nfor s in range(6):\n    step(1.0, f'loss_{name}')\n",
        # unpacked, but the varying one is a tensor
        STEP + "n, lr = 0, tf.constant(0.1)\nwhile n < 6:\n    step(1.0, lr)\n    lr *= 0.9\n"
        "    n += 1\n",
        # forwarded through **kwargs, but the caller passes a tensor
        STEP + "def moment(x, **kwargs):\n    return step(x, **kwargs)\n"
        "ms = [moment(1.0, k=tf.constant(k)) for k in range(1, 7)]\n",
        # forwarded through **kwargs, called once
        STEP + "def moment(x, **kwargs):\n    return step(x, **kwargs)\nm = moment(1.0, k=3)\n",
        # min() of a tensor is a tensor
        STEP + "for e in range(6):\n    w = min(tf.constant(1.0), e)\n    step(1.0, w)\n",
        # a list element that the loop does not change
        STEP + "sigmas = [1.0, 0.5]\nfor b in range(6):\n    step(1.0, sigmas[-1])\n",
    ],
)
def test_python_value_not_changing_between_calls_is_one_trace(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF501"]) == []


def test_finding_says_where_the_value_changes():
    source = "import tensorflow as tf\n" + STEP + "for e in range(6):\n    step(1.0, e)\n"
    (finding,) = lint(source, ["TF501"])
    assert [s.line for s in finding.evidence.value] == [5]


def test_driver_rebuilding_its_tf_function_on_every_call_from_a_loop():
    source = (
        "import tensorflow as tf\ndef training(data):\n    @tf.function\n    def inner(x):\n"
        "        return x\n    for x in data:\n        inner(x)\n"
        "def run(folds):\n    for fold in folds:\n        training(fold)\n"
    )
    assert [(d.rule, d.line, d.end_line) for d in lint(source, ["TF504"])] == [("TF504", 3, 4)]


BUILD = (
    "def build():\n    inputs = tf.keras.Input(shape=(3,))\n"
    "    return tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))\n"
)


# From public reports (tests/realworld/retrace_new_model_predict_in_loop, ..._rebuilt_per_round):
# Keras makes one predict/test tf.function per model object.
@pytest.mark.parametrize(
    "source, line",
    [
        # built and evaluated in a loop of unknown length
        (
            BUILD
            + "def rounds(xs):\n    for x in xs:\n        m = build()\n        m.evaluate(x)\n",
            8,
        ),
        # built in a function that the module calls eight times
        (
            BUILD + "def predict(x):\n    m = build()\n    return m.predict(x)\n"
            "for _ in range(8):\n    predict(1.0)\n",
            7,
        ),
        # a Sequential built in the loop itself
        (
            "for r in range(6):\n    m = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
            "    m.predict_on_batch([[1.0]])\n",
            4,
        ),
    ],
)
def test_new_model_predicted_per_call(source, line):
    found = lint("import tensorflow as tf\n" + source, ["TF507"])
    assert [(d.rule, d.line) for d in found] == [("TF507", line)]


@pytest.mark.parametrize(
    "source",
    [
        # built once, predicted in the loop
        BUILD + "m = build()\nfor x in range(8):\n    m.predict(x)\n",
        # a new model per fold that is also trained: cross-validation
        BUILD + "def cv(folds):\n    for x, y in folds:\n        m = build()\n"
        "        m.fit(x, y)\n        m.evaluate(x, y)\n",
        # a new model per trial, trained by a helper: a hyperparameter search
        BUILD + "def search(grid, ds):\n    for hp in grid:\n        m = build()\n"
        "        train(m, ds)\n        m.evaluate(ds)\n",
        # a loop too short for TensorFlow's retracing warning
        BUILD + "for r in range(2):\n    m = build()\n    m.predict(1.0)\n",
        # a function that builds and predicts, called once
        BUILD + "def predict(x):\n    m = build()\n    return m.predict(x)\npredict(1.0)\n",
        # the model comes from a cache
        "import functools\n@functools.lru_cache\n"
        + BUILD
        + "def predict(x):\n    m = build()\n    return m.predict(x)\n"
        "for _ in range(8):\n    predict(1.0)\n",
        # not a Keras model
        "class Est:\n    def predict(self, x):\n        return x\n"
        "for r in range(8):\n    e = Est()\n    e.predict(1.0)\n",
    ],
)
def test_model_reused_or_trained_is_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF507"]) == []


def test_nested_unpacking_of_enumerate_is_not_the_counter():
    # `x` is the dataset element inside `enumerate`'s pair, not its Python counter
    source = (
        "import tensorflow as tf\n" + STEP + "def train(ds):\n"
        "    for i, (x, y) in enumerate(ds):\n        step(x, y)\n"
    )
    assert rule_ids(source, ["TF501"]) == []


def test_different_literals_to_a_name_defined_again_are_not_grouped():
    # a notebook redefines `f` in a later cell: each call reaches one definition, once
    source = (
        "import tensorflow as tf\n" + STEP + "step(1.0, 10)\n"
        "@tf.function\ndef step(x, k):\n    return x - k\nstep(1.0, 20)\n"
    )
    assert rule_ids(source, ["TF501"]) == []


HELPER_WRAPS_ITS_ARGUMENT = """
    import tensorflow as tf

    def run_in_graph(fn, *args):
        # the benchmark helper: each function it is handed is traced once, whatever the wrapping
        return tf.function(fn)(*args)

    def square(x):
        return x * x

    def cube(x):
        return x * x * x

    print(run_in_graph(square, tf.constant(2.0)))
    print(run_in_graph(cube, tf.constant(2.0)))
"""


def test_a_helper_that_wraps_each_function_it_is_handed_is_not_a_retrace():
    found = lint(HELPER_WRAPS_ITS_ARGUMENT, ["TF503"])
    assert [d.rule for d in found if not d.preview] == []
    assert [d.rule for d in found if d.preview] == ["TF503"]


def test_a_helper_called_in_a_loop_retraces_the_same_function():
    source = HELPER_WRAPS_ITS_ARGUMENT.replace(
        "    print(run_in_graph(cube, tf.constant(2.0)))\n",
        "    for step in range(10):\n        run_in_graph(cube, tf.constant(2.0))\n",
    )
    assert [d.rule for d in lint(source, ["TF503"]) if not d.preview] == ["TF503"]


NESTED_IN_A_METHOD = """
    import tensorflow as tf

    class Predictor:
        def __init__(self, model):
            self.model = model

        def predict(self, x):
            @tf.function
            def forward(batch):
                return self.model(batch, training=False)

            return forward(x)

    class Block(tf.keras.layers.Layer):
        def call(self, x):
            @tf.function
            def scale(t):
                return t * 2.0

            return scale(x)

    @tf.function
    def outer(x):
        @tf.function
        def inner(t):
            return t + 1

        return inner(x)
"""


def test_a_tf_function_made_in_each_call_of_a_method_is_found():
    # measured under TF 2.21: five calls of `predict` trace `forward` five times; five eager
    # calls of the Keras layer trace `scale` five times (five `predict`s of a model: once);
    # five calls of the tf.function `outer` trace `inner` once. An object's method is called
    # again and again wherever its caller is: on by default; a Keras `call`, which Keras
    # traces once, in preview
    found = lint(NESTED_IN_A_METHOD, ["TF504"])
    # each finding spans the decorated def's head: from `@tf.function` to the def's name
    assert [(d.line, d.end_line, d.preview) for d in found] == [(9, 10, False), (17, 18, True)]


def test_a_tf_function_made_in_each_call_is_on_by_default_when_the_module_calls_it_again():
    source = NESTED_IN_A_METHOD + (
        "    predictor = Predictor(tf.keras.Sequential([tf.keras.layers.Dense(1)]))\n"
        "    print(predictor.predict(tf.ones((1, 2))))\n"
        "    print(predictor.predict(tf.zeros((1, 2))))\n"
    )
    found = lint(source, ["TF504"])
    assert [(d.end_line, d.preview) for d in found] == [(10, False), (18, True)]


# TF599: a Python value or callable that changes in a traced function's Python loop, passed to
# a tf.function (checked under TF 2.21: the inner function traces once per iteration).
INNER = (
    "import functools\nimport tensorflow as tf\n"
    "@tf.function\ndef inner(x, k):\n    return x * k\n"
    "@tf.function\ndef apply(fn, x):\n    return fn(x)\n"
    "@tf.function\ndef outer(x):\n    total = 0.0\n"
)


@pytest.mark.parametrize(
    "body",
    [
        "    for k in [0.5, 1.0, 2.0]:\n        total += inner(x, k)\n",
        "    for i in range(4):\n        total += inner(x, 0.1 * i)\n",
        "    scale = 1.0\n    for _ in range(3):\n        scale *= 0.5\n"
        "        total += inner(x, k=scale)\n",
        "    for i in range(3):\n        total += apply(lambda t: t * i, x)\n",
        "    for i in range(3):\n        total += apply(functools.partial(tf.multiply, i), x)\n",
        "    for i in range(3):\n        def f(t):\n            return t * i\n"
        "        total += apply(f, x)\n",
    ],
)
def test_traced_code_passing_a_varying_python_value_to_a_tf_function(body):
    (d,) = lint(INNER + body + "    return total\n", ["TF599"])
    assert d.rule == "TF599" and "traced `outer` calls" in d.message


@pytest.mark.parametrize(
    "body",
    [
        # one value, one callable, tensors
        "    for _ in range(3):\n        total += inner(x, 0.5)\n",
        "    f = lambda t: t * 2.0\n    for _ in range(3):\n        total += apply(f, x)\n",
        "    for k in [0.5, 1.0]:\n        total += inner(x, tf.constant(k))\n",
        # a loop AutoGraph converts: its variables are tensors
        "    for i in tf.range(3):\n        total += inner(x, i)\n",
        "    n = 0\n    for _ in tf.range(3):\n        n += 1\n        total += inner(x, n)\n",
        # a plain helper is traced as part of the caller
        "    for k in [0.5, 1.0]:\n        total += helper(x, k)\n",
    ],
)
def test_no_varying_value_from_traced_code_finding(body):
    source = INNER + body + "    return total\ndef helper(x, k):\n    return x * k\n"
    assert rule_ids(source, ["TF599"]) == []


def test_a_tf_function_called_from_a_traced_loop_is_traced_per_value_not_inlined():
    # TF 2.21: `step` traces 3 times (once per `i`) while `outer` traces once
    source = (
        "import tensorflow as tf\n" + STEP + "@tf.function\ndef outer(x):\n"
        "    for i in range(3):\n        x = step(x, i)\n    return x\n"
    )
    assert rule_ids(source, ["TF5"]) == ["TF599"]


def test_eager_loops_are_tf501s_not_tf599s():
    source = INNER + "    return total\nfor k in range(5):\n    inner(tf.ones([2]), k)\n"
    assert rule_ids(source, ["TF599", "TF501"]) == ["TF501"]


# TF598: a tensor argument whose shape changes on every iteration (checked under TF 2.21: one
# trace per shape).
ENCODE = "import tensorflow as tf\n@tf.function\ndef encode(t):\n    return tf.reduce_sum(t)\n"


@pytest.mark.parametrize(
    "driver",
    [
        "for n in range(2, 9):\n    encode(tf.range(n) % 8)\n",
        "for n in range(1, 9):\n    encode(data[:n])\n",
        "for n in range(1, 9):\n    encode(tf.zeros([n, 3]))\n",
        "for n in range(1, 9):\n    encode(tf.random.normal(shape=(n,)))\n",
        "for n in range(1, 9):\n    encode(tf.one_hot(tf.range(n), 4))\n",
        "n = 1\nwhile n < 100:\n    n *= 2\n    batch = tf.ones([n])\n    encode(batch)\n",
        # a list of tensors, one of a new length each time (each image's boxes: TF models#10059)
        "for n in range(1, 9):\n    encode([tf.zeros([n, 4]), tf.zeros([2, 4])])\n",
        # issue 28: a batch with a new number of columns, a new number of points, a size drawn
        # at random, a helper that builds the batch of the size it is given
        "for n in range(2, 12):\n    encode(data[:, :n])\n",
        "for i in range(10):\n    k = np.random.randint(2, 20)\n    encode(data[:, :k])\n",
        "for n in range(10, 100, 10):\n    encode(tf.linspace(80.0, 120.0, n))\n",
        "for i in range(10):\n    n = np.random.randint(5, 50)\n"
        "    strikes = tf.constant(np.linspace(80.0, 120.0, n), dtype=tf.float32)\n"
        "    encode(strikes)\n",
        "for i in range(10):\n    k = np.random.randint(2, 20)\n"
        "    encode(tf.random.normal([64, k]))\n",
        "def make_batch(width):\n    return np.random.normal(size=(64, width)).astype('float32')\n"
        "for step in range(20):\n    encode(make_batch(5 + step % 7))\n",
    ],
)
def test_a_tensor_whose_shape_changes_in_the_loop(driver):
    (d,) = lint("import numpy as np\n" + ENCODE + "data = tf.ones([10, 3])\n" + driver, ["TF598"])
    assert d.rule == "TF598" and "traced again for every shape" in d.message


@pytest.mark.parametrize(
    "source",
    [
        # fixed shapes: a window of fixed length, a scalar of a varying value
        ENCODE + "data = tf.ones([10])\nfor i in range(8):\n    encode(data[i : i + 2])\n",
        ENCODE + "for n in range(8):\n    encode(tf.constant(n))\n",
        ENCODE + "for n in range(8):\n    encode(tf.fill([3], n))\n",
        ENCODE + "for n in range(8):\n    encode([tf.fill([3], n), tf.zeros([2])])\n",
        # an input_signature with None, relaxed shapes
        "import tensorflow as tf\n"
        "@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])\n"
        "def encode(t):\n    return t\nfor n in range(8):\n    encode(tf.range(n))\n",
        "import tensorflow as tf\n@tf.function(reduce_retracing=True)\n"
        "def encode(t):\n    return t\nfor n in range(8):\n    encode(tf.range(n))\n",
        # a plain function
        "import tensorflow as tf\ndef encode(t):\n    return t\nfor n in range(8):\n"
        "    encode(tf.range(n))\n",
        # a few sizes, each traced once: below TensorFlow's frequent-retracing warning
        ENCODE + "for n in (64, 128, 256):\n    encode(tf.zeros([n, 3]))\n",
        ENCODE + "for n in range(1, 4):\n    encode(tf.zeros([n, 3]))\n",
    ],
)
def test_no_varying_shape_finding(source):
    assert rule_ids(source, ["TF598"]) == []


# TF507's forms from issue 28 (run under TF 2.21: 4 traces per iteration in both).
BUILD = (
    "import keras\nimport numpy as np\nx = np.ones((4, 3))\n"
    "def build_model():\n"
    "    return keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])\n"
)


@pytest.mark.parametrize(
    "driver",
    [
        # the model built by the call the method is called on
        "for i in range(10):\n    print(build_model().predict(x))\n",
        "preds = [build_model().predict(x) for _ in range(10)]\n",
        "for path in paths:\n    keras.models.load_model(path).evaluate(x, x)\n",
        # a name bound elsewhere too (a notebook's earlier cell), rebound in the loop first
        "model = build_model()\nmodel.summary()\n"
        "for i in range(10):\n    model = build_model()\n    model.predict(x)\n",
    ],
)
def test_new_model_per_iteration_in_more_spellings(driver):
    (d,) = lint(BUILD + driver, ["TF507"])
    assert d.rule == "TF507" and "new Keras model built on every iteration" in d.message


@pytest.mark.parametrize(
    "driver",
    [
        # rebound only under a condition in the loop: not shown to be new on every iteration
        "model = build_model()\nfor i in range(10):\n    if i % 2:\n        model = build_model()\n"
        "    model.predict(x)\n",
        "for i in range(3):\n    build_model().predict(x)\n",  # fewer than TF's warning needs
    ],
)
def test_no_new_model_finding_in_more_spellings(driver):
    assert rule_ids(BUILD + driver, ["TF507"]) == []


def test_a_noqa_on_the_def_line_of_a_decorated_head_still_suppresses_it():
    # the finding starts at `@tf.function`; a comment on the def's line (where it used to
    # start) keeps working
    source = (
        "import tensorflow as tf\ndef training(data):\n    @tf.function\n"
        "    def inner(x):  # noqa: TF504\n        return x\n    for x in data:\n        inner(x)\n"
        "def run(folds):\n    for fold in folds:\n        training(fold)\n"
    )
    assert lint(source, ["TF504"]) == []


# TF598, inputs of a new shape on each iteration that reach the tf.function through a method or
# a list built before the loop; reported once, where the function is made (checked under TF
# 2.21: six images of six sizes, "6 out of the last 6 calls ... triggered tf.function
# retracing").
DETECTOR = """
import cv2
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(None, None, 3))
model = tf.keras.Model(inputs, tf.keras.layers.Conv2D(2, 3, padding="same")(inputs))


class Detector:
    def __init__(self, net):
        self.detect_fn = tf.function(net{signature})

    def __call__(self, image):
        return self.detect_fn(image[None, ...].astype(np.float32) / 255.0)


detector = Detector(model)
"""


@pytest.mark.parametrize(
    "driver",
    [
        "sizes = [(48, 64), (60, 80), (72, 128), (30, 30), (50, 40), (20, 90)]\n"
        "images = [np.random.rand(h, w, 3) for h, w in sizes]\n"
        "for image in images:\n    detector(image)\n",
        "def run(paths):\n    for path in paths:\n        image = cv2.imread(path)\n"
        "        detector(image)\n",
        "import random\nfor step in range(100):\n    side = random.randint(200, 600)\n"
        "    detector(np.zeros((side, side, 3)))\n",
    ],
)
def test_a_tf_function_fed_inputs_of_a_new_shape_each_iteration_is_reported_where_it_is_made(
    driver,
):
    (d,) = lint(DETECTOR.format(signature="") + driver, ["TF598"])
    assert (d.line, "new trace" in d.message) == (12, True)


@pytest.mark.parametrize(
    ("signature", "driver"),
    [
        # one size for all: resized first
        (
            "",
            "def run(paths):\n    for path in paths:\n"
            "        detector(cv2.resize(cv2.imread(path), (224, 224)))\n",
        ),
        # an input_signature with None dimensions, or relaxed shapes
        (
            ", input_signature=[tf.TensorSpec([None, None, None, 3])]",
            "def run(paths):\n    for path in paths:\n        detector(cv2.imread(path))\n",
        ),
        (
            ", reduce_retracing=True",
            "def run(paths):\n    for path in paths:\n        detector(cv2.imread(path))\n",
        ),
        # fewer than five literal sizes: a graph per size is often what the program means
        ("", "for side in (64, 128):\n    detector(np.zeros((side, side, 3)))\n"),
    ],
)
def test_no_finding_for_inputs_of_one_shape_or_a_signature_that_allows_them(signature, driver):
    assert lint(DETECTOR.format(signature=signature) + driver, ["TF598"]) == []


# TF508/TF509: one new object, and one new tf.function, per iteration (fixtures: 20 traces in 20
# calls under TF 2.21, against 1 for one object).
PER_INSTANCE = """
import tensorflow as tf


class Trainer:
    def __init__(self, rate):
        self.rate = rate
        self.predict = tf.function(lambda x: x * self.rate)

    @tf.function
    def step(self, x):
        return x * self.rate
"""


@pytest.mark.parametrize(
    ("driver", "found"),
    [
        (
            "for trial in range(10):\n    t = Trainer(0.1)\n    t.step(1.0)\n    t.predict(1.0)\n",
            [("TF508", 14)],
        ),
        (
            "def trial(rate):\n    t = Trainer(rate)\n    return t.step(1.0)\n"
            "for rate in rates:\n    trial(rate)\n",
            [("TF508", 14)],
        ),
        # once, or a few times
        ("t = Trainer(0.1)\nfor _ in range(10):\n    t.step(1.0)\n    t.predict(1.0)\n", []),
        ("for rate in (0.1, 0.01):\n    Trainer(rate).step(1.0)\n", []),
        # kept by nothing: the traced method fails on its first call (TF932's claim), no retrace
        ("for trial in range(10):\n    Trainer(0.1).step(1.0)\n", []),
    ],
)
def test_an_object_that_makes_tf_functions_constructed_on_every_iteration(driver, found):
    diagnostics = lint(PER_INSTANCE + driver, ["TF508", "TF509"])
    assert [(d.rule, d.line) for d in diagnostics] == found


def test_inputs_of_a_new_shape_each_iteration_retrace_under_tensorflow():
    # the claim of TF598's finding on the first driver above, run: one trace per image size
    import tensorflow as tf

    source = DETECTOR.format(signature="").replace("import cv2\n", "") + (
        "sizes = [(48, 64), (60, 80), (72, 128), (30, 30), (50, 40), (20, 90)]\n"
        "images = [np.random.rand(h, w, 3) for h, w in sizes]\n"
        "for image in images:\n    detector(image)\n"
    )
    namespace: dict = {}
    exec(compile(source, "detector.py", "exec"), namespace)
    assert isinstance(namespace["detector"].detect_fn, tf.types.experimental.PolymorphicFunction)
    assert namespace["detector"].detect_fn.experimental_get_tracing_count() == 6


@pytest.mark.tensorflow
def test_objects_made_in_a_loop_trace_their_tf_functions_once_each_under_tensorflow():
    # TF508/TF509's claim, run: ten objects, ten traces of each one's method
    namespace: dict = {}
    exec(compile(PER_INSTANCE, "trainer.py", "exec"), namespace)
    trainers = [namespace["Trainer"](0.1) for _ in range(10)]
    for trainer in trainers:
        trainer.step(1.0)
        trainer.predict(1.0)
    traces = sum(t.step.experimental_get_tracing_count() for t in trainers)
    assert traces == 10
    assert sum(t.predict.experimental_get_tracing_count() for t in trainers) == 10


# TF510: `model.predict` once per item (issue 28). Forms from public reports: a user's history,
# an image read per path, a camera frame read in a `while` loop, a scale of an image pyramid, a
# helper called per item or mapped over a table, a comprehension over rows.
MODEL = (
    "import numpy as np\nimport tensorflow as tf\nmodel = tf.keras.models.load_model('m.keras')\n"
)


@pytest.mark.parametrize(
    "source, line",
    [
        ("for user in users:\n    model.predict(np.array(user['history'])[None])\n", 5),
        (
            "for path in paths:\n    image = tf.keras.utils.load_img(path)\n"
            "    array = tf.keras.utils.img_to_array(image)\n"
            "    model.predict(np.expand_dims(array, 0))\n",
            7,
        ),
        (
            "while True:\n    ok, frame = camera.read()\n    if not ok:\n        break\n"
            "    face = frame[10:170, 10:170]\n    model.predict(face[None])\n",
            9,
        ),
        (
            "def pyramid(image, scales):\n    for scale in scales:\n"
            "        small = resize(image, scale)\n        model.predict(small[None])\n",
            7,
        ),
        ("preds = [model.predict(row[None]) for row in rows]\n", 4),
        # a control loop: the observation is computed from the last step's action
        (
            "state = env.reset()\nfor step in range(1000):\n"
            "    action = np.argmax(model.predict(state[None])[0])\n"
            "    state, reward, done, info = env.step(action)\n",
            6,
        ),
        # an episode loop inside an outer one: the state is set for the next step at the end
        (
            "for e in range(100):\n    state = env.reset()\n    for t in range(500):\n"
            "        q = model.predict(state)\n        nxt, r, done, _ = env.step(q.argmax())\n"
            "        state = nxt\n",
            7,
        ),
        # a sequence generated one step at a time from the last prediction
        (
            "seq = seed\nfor t in range(100):\n    nxt = model.predict(seq[None])\n"
            "    seq = np.concatenate([seq[1:], nxt[0]])\n",
            6,
        ),
        # an agent's act() per step of an episode
        (
            "class Agent:\n    def __init__(self):\n        self.net = model\n"
            "    def act(self, obs):\n        return self.net.predict(obs[None])\n"
            "agent = Agent()\nobs = env.reset()\nfor step in range(500):\n"
            "    obs, r, done, _ = env.step(agent.act(obs))\n",
            8,
        ),
        # a helper that makes each item a batch of one for predict: reported at that predict
        # call, the line the fix changes
        (
            "def score(features):\n    return model.predict(features[None])\n"
            "for f in files:\n    score(np.load(f))\n",
            5,
        ),
        (
            "def embed(image):\n    return model.predict(np.expand_dims(image, 0))[0]\n"
            "for img in images:\n    embed(img)\n",
            5,
        ),
        (
            "def act(state):\n    x = state.reshape(1, -1)\n    return model.predict(x)\n"
            "for s in states:\n    act(s)\n",
            6,
        ),
        # the batch of one made by a helper of the module, rebound and scaled on the way:
        # `pixels = np.expand_dims(pixels, 0)` ... `return pixels / 255.0`
        (
            "def preprocess(img):\n    pixels = np.asarray(img, 'float32')\n"
            "    pixels = np.expand_dims(pixels, axis=0)\n    return pixels / 255.0\n"
            "def analyze(img):\n    face = preprocess(img)\n    return model.predict(face)[0]\n"
            "for frame in frames:\n    analyze(frame)\n",
            10,
        ),
        # a helper that passes on what it is given: reported where it is called per item
        (
            "def score(m, structure):\n    return m.predict(featurize(structure))\n"
            "table['y'] = table['structure'].apply(lambda s: score(model, s))\n",
            6,
        ),
        (
            "import functools\ndef score(m, structure):\n    return m.predict(featurize(structure))\n"
            "table['y'] = table['structure'].map(functools.partial(score, model))\n",
            7,
        ),
        # a pandas table named like a tf.data one, a row at a time
        (
            "import pandas as pd\ndef score(row):\n    return model.predict(featurize(row))\n"
            "dataset = pd.read_csv('s.csv')\ndataset['y'] = dataset.apply(score, axis=1)\n",
            8,
        ),
        # issue 28: a policy network held on `self` from what the agent is constructed with,
        # asked by an agent a game loop gets as a parameter, on a state one-hot encoded by a
        # helper (a batch of one): reported at the predict call
        (
            "def one_hot(state):\n    return np.identity(16)[state : state + 1]\n"
            "class Agent:\n    def __init__(self, net):\n        self.net = net\n"
            "    def act(self, state):\n        return self.net.predict(one_hot(state))\n"
            "def play(env, agent):\n    for episode in range(100):\n        state = env.reset()\n"
            "        done = False\n        while not done:\n"
            "            state, r, done, _ = env.step(agent.act(state))\n"
            "Agent(model)\n",
            10,
        ),
        # the same, encoded by the agent's own method (a one-hot row it fills in)
        (
            "class Agent:\n    def __init__(self, net):\n        self.net = net\n"
            "    def encode(self, state):\n        row = np.zeros((1, 16))\n"
            "        row[0, state] = 1.0\n        return row\n"
            "    def act(self, state):\n        return self.net.predict(self.encode(state))\n"
            "def play(env, agent):\n    for episode in range(100):\n        state = env.reset()\n"
            "        done = False\n        while not done:\n"
            "            state, r, done, _ = env.step(agent.act(state))\n"
            "Agent(model)\n",
            12,
        ),
        # a state drawn at random on every step, encoded there
        (
            "for step in range(8):\n    state = np.random.randint(0, 16)\n"
            "    x = tf.one_hot([state], 16)\n    model.predict(x)\n",
            7,
        ),
        # a reading a method of the module draws on every call
        (
            "class Sensor:\n    def read(self):\n        value = np.random.rand(1, 4)\n"
            "        return value.astype('float32')\nsensor = Sensor()\n"
            "for tick in range(20):\n    reading = sensor.read()\n    model.predict(reading)\n",
            11,
        ),
        # a sensor's attribute read on every pass of a monitoring loop
        (
            "while True:\n    reading = sensor.value\n    model.predict(np.array([[reading]]))\n",
            6,
        ),
        # an image of a random size each time
        (
            "for i in range(8):\n    h, w = np.random.randint(32, 128, size=2)\n"
            "    model.predict(np.random.rand(1, h, w, 3))\n",
            6,
        ),
        # a sequence extended in place by each prediction (autoregressive generation)
        (
            "seq = [0.1, 0.2, 0.3]\nwhile len(seq) < 100:\n"
            "    nxt = model.predict(np.array(seq[-3:]).reshape(1, 3, 1))\n"
            "    seq.append(float(nxt[0, 0]))\n",
            6,
        ),
        # a window the loop slides in place
        (
            "window = list(history)\nfor _ in range(48):\n"
            "    y = model.predict(np.array([window]))\n    window.pop(0)\n"
            "    window.append(y[0, 0])\n",
            6,
        ),
        # a dict of models, one of them picked per attribute, for each image
        (
            "models = {'age': model, 'gender': model}\n"
            "def analyze(path):\n    image = np.load(path)\n"
            "    return [models[a].predict(image) for a in ('age', 'gender')]\n"
            "for p in paths:\n    analyze(p)\n",
            9,
        ),
        # a monitor's method reads the sensor itself on each call, a `while` loop calls it
        (
            "class Monitor:\n    def __init__(self, sensor):\n        self.sensor = sensor\n"
            "    def check(self):\n        reading = self.sensor.read()\n"
            "        return model.predict(np.array(reading)[None])\n"
            "monitor = Monitor(Sensor())\nwhile True:\n    monitor.check()\n",
            9,
        ),
        # a simulated environment's state, which the step the loop calls sets on the object
        (
            "class Grid:\n    def __init__(self):\n        self.state = 0\n"
            "    def step(self, a):\n        self.state = (self.state + a) % 16\n"
            "env = Grid()\nfor t in range(30):\n"
            "    q = model.predict(np.eye(16)[env.state][None])\n    env.step(1)\n",
            11,
        ),
        # a simulated sensor whose read advances its own clock
        (
            "class Sensor:\n    def __init__(self):\n        self.t = 0\n"
            "    def read(self):\n        self.t += 1\n        return np.array([[self.t]])\n"
            "sensor = Sensor()\nfor tick in range(50):\n    model.predict(sensor.read())\n",
            12,
        ),
        # one sample predicted on every pass of a `while` loop
        (
            "sample = x_test[:1]\nn = 0\nwhile n < 1000:\n    model.predict(sample)\n    n += 1\n",
            7,
        ),
    ],
)
def test_predict_called_per_item(source, line):
    found = lint(MODEL + source, ["TF510"])
    assert [(d.rule, d.line) for d in found] == [("TF510", line)]


@pytest.mark.parametrize(
    "source",
    [
        # a fixed validation set predicted once per epoch
        "for epoch in range(10):\n    model.fit(x, y)\n    p = model.predict(x_val)\n",
        # rebound from this iteration's own read, not carried from the last one
        "for i in range(100):\n    x = load()\n    x = x / 255.0\n    model.predict(x[None])\n",
        # a total carried through the loop, but the data predicted is fixed
        "total = 0\nfor epoch in range(10):\n    total = total + model.predict(x_val).sum()\n",
        # results gathered in a list the prediction does not read
        "preds = []\nfor epoch in range(10):\n    model.fit(x, y)\n"
        "    preds.append(model.predict(x_val))\n",
        # all the items in one call
        "p = model.predict(np.stack([np.load(f) for f in files]))\n",
        # the model called directly per item
        "for f in files:\n    model(np.load(f)[None], training=False)\n",
        # a scikit-learn model's predict: not a Keras model
        "from sklearn.linear_model import LinearRegression\nreg = LinearRegression()\n"
        "for row in rows:\n    reg.predict(row[None])\n",
        # fewer than five literal items
        "for x in (a, b):\n    model.predict(x)\n",
        # a model built and trained per cross-validation fold, predicting its fold's test set
        "for train, test in folds:\n    m = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "    m.fit(x[train], y[train])\n    m.predict(x[test])\n",
        # a tf.data map traces its function once
        "ds = tf.data.Dataset.range(3)\nds = ds.map(lambda x: model.predict(x))\n",
        # a sample of random noise once per epoch, after the epoch's batches
        "for epoch in range(10):\n    for batch in batches:\n        train(batch)\n"
        "    noise = np.random.normal(size=(16, 8))\n    model.predict(noise)\n",
        # a helper predicting the validation set the module loaded once, called in a loop
        "x_val = np.load('v.npy')\ndef evaluate():\n    return model.predict(x_val.reshape(-1, 4))\n"
        "while True:\n    evaluate()\n",
        # one sample inspected per step of a `for` loop
        "for t in range(20):\n    print(model.predict(x[:1]))\n",
        # a handful of draws, counted by a name bound once: a handful of set-ups
        "STEPS = 3\nfor step in range(STEPS):\n    model.predict(np.random.normal(size=(4, 8)))\n",
    ],
)
def test_predict_not_per_item(source):
    assert rule_ids(MODEL + source, ["TF510"]) == []


# TF511: `compile` in the loop that trains the same model (issue 28): an agent's episodes, a GAN
# that toggles `trainable`, an agent method called per episode.
SEQUENTIAL = "def build():\n    return tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"


@pytest.mark.parametrize(
    "source, lines",
    [
        (
            "for episode in range(100):\n    model.compile(optimizer='adam', loss='mse')\n"
            "    model.fit(x, y, verbose=0)\n",
            [2],
        ),
        (
            "d = build()\ngan = build()\nfor step in range(steps):\n    d.trainable = True\n"
            "    d.compile(optimizer='adam', loss='bce')\n    d.train_on_batch(x, y)\n"
            "    d.trainable = False\n    gan.compile(optimizer='adam', loss='bce')\n"
            "    gan.train_on_batch(z, y)\n",
            [5],  # once per loop, at its first compile
        ),
        # a GAN's few literal steps, each one batch: a new train function every step
        (
            "d = build()\nfor step in range(3):\n    d.trainable = True\n"
            "    d.compile(optimizer='adam', loss='bce')\n    d.train_on_batch(x, y)\n",
            [4],
        ),
        (
            "class Agent:\n    def __init__(self):\n        self.model = build()\n"
            "    def replay(self, x, y):\n        self.model.compile(optimizer='adam', loss='mse')\n"
            "        self.model.fit(x, y, verbose=0)\nagent = Agent()\n"
            "for e in range(500):\n    agent.replay(x, y)\n",
            [5],
        ),
        # a helper that toggles `trainable` and compiles the model it is handed
        (
            "def set_trainable(net, flag):\n    net.trainable = flag\n"
            "    net.compile(optimizer='adam', loss='bce')\nd = build()\n"
            "for it in range(1000):\n    set_trainable(d, True)\n    d.train_on_batch(x, y)\n",
            [3],
        ),
        # `self.D = None` until a builder assigns the model; trained through a method
        (
            "class GAN:\n    def __init__(self):\n        self.D = None\n"
            "    def build(self):\n        self.D = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
            "    def train_d(self):\n        return self.D.train_on_batch(x, y)\n"
            "    def train(self, steps):\n        for i in range(steps):\n"
            "            self.D.compile(optimizer='adam', loss='bce')\n            self.train_d()\n",
            [10],
        ),
        # a training function handed its models: compiled with Keras's compile keywords and
        # trained in the same loop, a parameter is a Keras model
        (
            "def train(d, gan, epochs):\n    for epoch in range(epochs):\n"
            "        d.compile(optimizer='adam', loss='bce')\n        d.fit(x, y, verbose=0)\n"
            "        gan.compile(optimizer='adam', loss='bce')\n        gan.fit(z, y, verbose=0)\n",
            [3],
        ),
    ],
)
def test_compile_in_the_loop_that_trains_the_model(source, lines):
    found = lint(MODEL + SEQUENTIAL + source, ["TF511"])
    assert [d.line for d in found] == [line + 5 for line in lines]


def test_compile_of_a_clone_per_search_iteration():
    # issue 28: a search clones the base model for every configuration (under TF 2.21 host
    # memory grows by about 4 MB per clone of a small model, with `clear_session()` first in
    # each iteration too; one compiled model reset with `set_weights` stays flat)
    source = (
        "for lr in [1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2]:\n"
        "    m = tf.keras.models.clone_model(model)\n"
        "    m.compile(optimizer=tf.keras.optimizers.Adam(lr), loss='mse')\n    m.fit(x, y)\n"
    )
    assert [d.line for d in lint(MODEL + SEQUENTIAL + source, ["TF511"])] == [8]
    reset = (
        "m = tf.keras.models.clone_model(model)\nm.compile(optimizer='adam', loss='mse')\n"
        "first = m.get_weights()\nfor lr in rates:\n    m.set_weights(first)\n"
        "    m.optimizer.learning_rate.assign(lr)\n    m.fit(x, y)\n"
    )
    assert rule_ids(MODEL + SEQUENTIAL + reset, ["TF511"]) == []


@pytest.mark.parametrize(
    "source",
    [
        # a new model per trial: a hyper-parameter search
        "for lr in rates:\n    m = build()\n    m.compile(optimizer=tf.keras.optimizers.Adam(lr))\n"
        "    m.fit(x, y)\n",
        # compiled once, trained in the loop
        "model.compile(optimizer='adam', loss='mse')\nfor e in range(100):\n    model.fit(x, y)\n",
        # two fine-tuning stages
        "for stage in (1, 2):\n    model.compile(optimizer='adam', loss='mse')\n    model.fit(x, y)\n",
        # compiled in a loop that does not train it
        "for path in paths:\n    model.compile(optimizer='adam', loss='mse')\n"
        "    model.evaluate(np.load(path))\n",
        # compiled with what each iteration computes: a progressive GAN's resolution
        "for res_log2 in range(2, 10):\n    res = 2 ** res_log2\n"
        "    model.compile(optimizer='adam', loss='mse', steps_per_execution=res)\n"
        "    model.fit(x, y)\n",
        "for stage, rate in enumerate(rates):\n"
        "    model.compile(optimizer=tf.keras.optimizers.Adam(rate), loss='mse')\n"
        "    model.fit(x, y)\n",
        # a parameter compiled without Keras's keywords is not known to be a model
        "def train(net, epochs):\n    for e in range(epochs):\n        net.compile()\n"
        "        net.fit(x, y)\n",
    ],
)
def test_compile_not_in_a_training_loop(source):
    assert rule_ids(MODEL + SEQUENTIAL + source, ["TF511"]) == []


# TF507's object form (issue 28): a classifier object whose `__init__` builds the model,
# constructed for every video; reported where it is constructed.
CLASSIFIER = (
    "import tensorflow as tf\n"
    "class FaceClassifier:\n    def __init__(self, weights):\n"
    "        self.model = tf.keras.Sequential([tf.keras.layers.Dense(2)])\n"
    "        self.model.load_weights(weights)\n"
    "    def classify(self, faces):\n        return self.model.predict_on_batch(faces)\n"
)


def test_object_building_its_model_constructed_per_iteration():
    source = (
        CLASSIFIER + "for video in videos:\n    clf = FaceClassifier('w.h5')\n"
        "    for batch in batches(video):\n        clf.classify(batch)\n"
    )
    found = lint(source, ["TF507"])
    assert [(d.rule, d.line) for d in found] == [("TF507", 9)]
    assert [s.line for s in found[0].evidence.value][-1] == 7


@pytest.mark.parametrize(
    "driver",
    [
        # constructed once
        "clf = FaceClassifier('w.h5')\nfor video in videos:\n    clf.classify(video)\n",
        # constructed for two literal videos
        "for video in ('a', 'b'):\n    FaceClassifier('w.h5').classify(video)\n",
    ],
)
def test_object_building_its_model_constructed_once(driver):
    assert rule_ids(CLASSIFIER + driver, ["TF507"]) == []


# TF504's benchmark forms (issue 28): the function that makes the tf.function is called once
# per repetition through Python's timer, a runner's loop, or a decorator that wraps what it
# decorates in a new tf.function.
@pytest.mark.parametrize(
    "source, line",
    [
        (
            "import timeit\ndef run_graph(x):\n    @tf.function\n    def graph_fn(v):\n"
            "        return v * 2\n    return timeit.timeit(lambda: graph_fn(x), number=10)\n"
            "times = [run_graph(1.0) for _ in range(20)]\n",
            4,
        ),
        (
            "def run_graph(x):\n    @tf.function\n    def graph_fn(v):\n        return v * 2\n"
            "    return graph_fn(x)\n"
            "def timed(fn, repetitions=50):\n    for _ in range(repetitions):\n        fn()\n"
            "timed(lambda: run_graph(1.0))\n",
            3,
        ),
        (
            "def graph_mode(xla):\n    def wrap(func):\n        @tf.function(jit_compile=xla)\n"
            "        def run(*args):\n            return func(*args)\n        return run\n"
            "    return wrap\n"
            "def measure(x):\n    @graph_mode(False)\n    def forward():\n        return x * 2\n"
            "    return forward()\n"
            "for batch in range(8):\n    measure(batch)\n",
            10,
        ),
    ],
)
def test_tf_function_made_per_benchmark_repetition(source, line):
    found = lint("import tensorflow as tf\n" + source, ["TF504"])
    assert [(d.rule, d.line) for d in found] == [("TF504", line)]


def test_tf_function_handed_to_a_runner_that_keeps_it_is_a_factory():
    source = (
        "import tensorflow as tf\ncache = []\ndef keep(f):\n    cache.append(f)\n"
        "def make():\n    @tf.function\n    def g(v):\n        return v\n    keep(g)\n"
        "for _ in range(10):\n    make()\n"
    )
    assert rule_ids(source, ["TF504"]) == []


# TF502, calls that trace the function they are given anew on each eager call (the knowledge
# base's per-call tracing ops: tf.vectorized_map; tensorflow#43710, keras-cv#241).
VMAP = (
    "import tensorflow as tf\ntraces = []\n"
    "def per_example(x):\n    traces.append(1)\n    return tf.reduce_sum(x * x)\n"
)


@pytest.mark.parametrize(
    "driver, lines",
    [
        ("for batch in batches:\n    tf.vectorized_map(per_example, batch)\n", [7]),
        ("out = []\nfor i in range(10):\n    out.append(tf.vectorized_map(per_example, x))\n", [8]),
        # once: nothing repeats
        ("tf.vectorized_map(per_example, x)\n", []),
        # inside a tf.function defined before the loop: traced once per shape
        (
            "@tf.function\ndef run(b):\n    return tf.vectorized_map(per_example, b)\n"
            "for batch in batches:\n    run(batch)\n",
            [],
        ),
        # tf.map_fn runs its function eagerly: nothing is traced
        ("for batch in batches:\n    tf.map_fn(per_example, batch)\n", []),
        # fewer than five literal iterations
        ("for batch in (a, b):\n    tf.vectorized_map(per_example, batch)\n", []),
    ],
)
def test_a_per_call_tracing_op_called_eagerly_in_a_loop(driver, lines):
    assert [d.line for d in lint(VMAP + driver, ["TF502"])] == lines


@pytest.mark.tensorflow
def test_vectorized_map_in_an_eager_loop_traces_on_every_call_under_tensorflow():
    # TF502's claim on the first driver above, run: six batches, six traces; in a tf.function
    # made before the loop, one
    import tensorflow as tf

    namespace: dict = {}
    exec(compile(VMAP, "vmap.py", "exec"), namespace)
    per_example, traces = namespace["per_example"], namespace["traces"]
    for _ in range(6):
        tf.vectorized_map(per_example, tf.ones([4, 3]))
    assert len(traces) == 6
    traces.clear()
    run = tf.function(lambda b: tf.vectorized_map(per_example, b))
    for _ in range(6):
        run(tf.ones([4, 3]))
    assert len(traces) == 1


# TF501: Python values inside a dict, list or tuple argument are part of the trace key like plain
# ones (tf2rl#99 passed Python objects; checked under TF 2.21: six calls with
# `{"scale": 0.5 + s}`, six traces; the same with the value as a tensor in a tuple, one).
@pytest.mark.parametrize(
    "driver",
    [
        "def train(ds):\n    for e in range(10):\n        step(ds, {'lr': 0.1 * e})\n",
        "def train(ds):\n    for e in range(10):\n        step(ds, [e, 2])\n",
        "def train(ds):\n    lr = 0.1\n    for b in ds:\n        hp = (lr, 'adam')\n"
        "        step(b, hp)\n        lr *= 0.9\n",
    ],
)
def test_a_changing_python_value_inside_a_container_argument_retraces(driver):
    (d,) = lint("import tensorflow as tf\n" + STEP + driver, ["TF501"])
    assert "inside `" in d.message and d.evidence


@pytest.mark.parametrize(
    "driver",
    [
        # tensors inside the container: no Python value in the key
        "def train(ds):\n    for e in range(10):\n        step(ds, (tf.constant(e), 2))\n",
        "def train(ds):\n    for b in ds:\n        step(b, [b, 2])\n",
        # the same values on every call
        "def train(ds):\n    for b in ds:\n        step(b, {'lr': 0.1, 'beta': 2})\n",
        # built once, before the loop
        "def train(ds, e):\n    hp = {'lr': 0.1 * e}\n    for b in ds:\n        step(b, hp)\n",
    ],
)
def test_a_container_argument_without_a_changing_python_value_is_one_trace(driver):
    assert lint("import tensorflow as tf\n" + STEP + driver, ["TF501"]) == []


@pytest.mark.tensorflow
def test_python_values_inside_a_dict_argument_retrace_under_tensorflow():
    import tensorflow as tf

    @tf.function
    def step(x, params):
        return x * params["scale"]

    for s in range(6):
        step(tf.ones([2]), {"scale": 0.5 + s})
    assert step.experimental_get_tracing_count() == 6

    @tf.function
    def step_with_tensor(x, params):
        return x * params[0]

    for s in range(6):
        step_with_tensor(tf.ones([2]), (tf.constant(0.5 + s), 2))
    assert step_with_tensor.experimental_get_tracing_count() == 1


# TF504: Python's timers call what they are handed `number` times (a million by default), so a
# helper timed with `timeit` that defines its tf.function inside traces on every repetition.
TIMED = """
import timeit
import tensorflow as tf

def graph_matmul(a, b):
    @tf.function
    def run(a, b):
        return tf.matmul(a, b)
    return run(a, b)

a = tf.ones([4, 4])
"""


@pytest.mark.parametrize(
    ("driver", "found"),
    [
        ("print(timeit.timeit(lambda: graph_matmul(a, a), number=100))\n", [(6, True)]),
        ("print(timeit.repeat(lambda: graph_matmul(a, a), repeat=3, number=10))\n", [(6, True)]),
        ("print(timeit.timeit(lambda: graph_matmul(a, a)))\n", [(6, True)]),
        # a few repetitions: each one measures a new trace
        ("print(timeit.repeat(lambda: graph_matmul(a, a), repeat=3, number=1))\n", [(6, True)]),
        # timed once: only the finding for a helper whose callers are not seen (`--preview`)
        ("print(timeit.timeit(lambda: graph_matmul(a, a), number=1))\n", [(6, False)]),
    ],
)
def test_a_nested_tf_function_in_a_helper_timed_with_timeit(driver, found):
    diagnostics = lint(TIMED + driver, ["TF504"])
    assert [(d.line, "`timeit." in d.message) for d in diagnostics] == found


RUNNER = """
import time
import tensorflow as tf

def graph_mode():
    @tf.function
    def run():
        return tf.ones([2]) * 2
    return run()

{driver}
"""


@pytest.mark.parametrize(
    "driver",
    [
        # a benchmark's runner repeats the callable it is handed, a few literal times
        "def benchmark(fn):\n    for _ in range(3):\n        fn()\nbenchmark(graph_mode)",
        # a runner that times one call, called for every repetition
        "def timed(fn):\n    start = time.perf_counter()\n    fn()\n"
        "    return time.perf_counter() - start\nfor rep in range(3):\n    timed(graph_mode)",
    ],
)
def test_a_nested_tf_function_in_a_helper_a_runner_repeats(driver):
    found = lint(RUNNER.format(driver=driver), ["TF504"])
    assert [(d.line, d.preview) for d in found] == [(6, False)]


@pytest.mark.tensorflow
def test_a_timed_helper_that_makes_its_tf_function_traces_on_every_repetition_under_tensorflow():
    import timeit

    import tensorflow as tf

    traces = []

    def graph_add(a):
        @tf.function
        def run(a):
            traces.append(1)  # runs once per trace
            return a + 1

        return run(a)

    timeit.timeit(lambda: graph_add(tf.ones([2])), number=6)
    assert len(traces) == 6


# TF598: arrays a generator of the module yields from its own loop, sized by the loop variable
# (variable-length sequences batched by a Python generator; checked under TF 2.21: 45 batches
# of 45 lengths, 46 traces counting the first, with TensorFlow's retracing warning).
GENERATOR = """
import numpy as np
import tensorflow as tf

def batches(lengths):
    for n in lengths:
        yield np.ones((4, n, 3), "float32"), np.ones((4, 1), "float32")

@tf.function{signature}
def train_step(x, y):
    return tf.reduce_mean(x) - tf.reduce_mean(y)

"""


@pytest.mark.parametrize(
    ("signature", "driver", "found"),
    [
        ("", "for x, y in batches(range(5, 50)):\n    train_step(x, y)\n", [9]),
        # the second element has one shape for every batch
        ("", "for x, y in batches(range(5, 50)):\n    train_step(y, y)\n", []),
        (
            "(reduce_retracing=True)",
            "for x, y in batches(range(5, 50)):\n    train_step(x, y)\n",
            [],
        ),
    ],
)
def test_a_generator_yielding_arrays_sized_by_its_loop(signature, driver, found):
    source = GENERATOR.format(signature=signature) + driver
    assert [d.line for d in lint(source, ["TF598"])] == found


# TF598: a generator's batches sliced at a size drawn at random on each pass (checked under
# TF 2.21: 1,000 rows in batches of 8-63 rows traced the step 24 times); a size computed from the
# position (`min(32, len(data) - i)`) changes only for the last batch and is not reported.
SLICES = """
import numpy as np
import tensorflow as tf

@tf.function
def score(x):
    return tf.reduce_mean(x)

def batches(data):
    i = 0
    while i < len(data):
        n = {size}
        yield data[i:i + n]
        i += n

for batch in batches(np.zeros((1000, 10), "float32")):
    score(batch)
"""


@pytest.mark.parametrize(
    ("size", "found"),
    [("np.random.randint(8, 64)", ["TF598"]), ("min(32, len(data) - i)", []), ("32", [])],
)
def test_a_generator_yielding_slices_of_a_random_size(size, found):
    assert rule_ids(SLICES.format(size=size), ["TF598"]) == found


@pytest.mark.parametrize("name", state_forms("TF501", "TF598"))
def test_a_retracing_form_confirmed_under_tensorflow_is_reported(name):
    """Batches padded each to their own longest element (tf.data's padded_batch with no
    padded_shapes) fed to a traced step: a new trace per padded length; file paths a folder
    listing gives, passed as Python strings: a new trace per file."""
    check_state_form(name)


PADDED = """
import tensorflow as tf
batches = tf.data.Dataset.range(10).map(lambda i: tf.range(i)).{batching}.prefetch(2)
@tf.function{signature}
def step(x):
    return x
for epoch in range(3):
    for i, batch in enumerate(batches):
        step(batch)
"""


@pytest.mark.parametrize(
    "batching, signature, expected",
    [
        ("padded_batch(2)", "", ["TF598"]),
        ("padded_batch(2, padded_shapes=[12])", "", []),  # one fixed length
        ("padded_batch(2)", "(input_signature=[tf.TensorSpec([None, None], tf.int64)])", []),
        ("padded_batch(2)", "(reduce_retracing=True)", []),
    ],
)
def test_batches_padded_per_batch_retrace_a_step_without_a_signature(batching, signature, expected):
    source = PADDED.format(batching=batching, signature=signature)
    assert rule_ids(source, ["TF598"]) == expected


# TF598: each image's own number of boxes, drawn per sample (checked under TF 2.21: twelve
# elements of random box counts traced the step 11 times, twice with reduce_retracing=True).
BOXES = """
import numpy as np
import tensorflow as tf
def make_sample():
    n_boxes = np.random.randint(1, 20)
    image = np.zeros((64, 64, 3), np.float32)
    boxes = np.random.rand(n_boxes, 4).astype(np.float32)
    return image, boxes
def gen():
    for _ in range(100):
        yield make_sample()
@tf.function{signature}
def train_step(image, boxes):
    return tf.reduce_sum(image) + tf.reduce_sum(boxes)
{driver}
"""
FROM_GENERATOR = (
    "ds = tf.data.Dataset.from_generator(gen, output_signature=("
    "tf.TensorSpec((64, 64, 3), tf.float32), tf.TensorSpec({boxes}, tf.float32))).prefetch(2)\n"
    "for image, boxes in ds:\n    train_step(image, boxes)\n"
)


@pytest.mark.parametrize(
    "driver",
    [
        "for step in range(100):\n    image, boxes = make_sample()\n    train_step(image, boxes)",
        "samples = [make_sample() for _ in range(100)]\n"
        "for image, boxes in samples:\n    train_step(tf.constant(image), tf.constant(boxes))",
        FROM_GENERATOR.format(boxes="(None, 4)"),
    ],
)
def test_a_step_fed_each_samples_own_number_of_boxes_is_reported(driver):
    assert rule_ids(BOXES.format(signature="", driver=driver), ["TF598"]) == ["TF598"]


@pytest.mark.parametrize(
    "signature, driver",
    [
        ("", FROM_GENERATOR.format(boxes="(20, 4)")),  # padded to one number of boxes
        ("(reduce_retracing=True)", FROM_GENERATOR.format(boxes="(None, 4)")),
        (
            "",
            "for step in range(100):\n    image, boxes = make_sample()\n    train_step(image)",
        ),
    ],
)
def test_a_step_fed_samples_of_one_shape_or_relaxed_is_left_alone(signature, driver):
    source = BOXES.format(signature=signature, driver=driver)
    if "train_step(image)" in driver:
        source = source.replace("def train_step(image, boxes)", "def train_step(image)")
        source = source.replace(" + tf.reduce_sum(boxes)", "")
    assert rule_ids(source, ["TF598"]) == []


# TF514: a Python float traced into a function the module exports (TF 2.21: the loaded
# function raises "Could not find matching concrete function" for any other number).
EXPORTED = (
    "import tensorflow as tf\nclass Scaler(tf.Module):\n    @tf.function\n"
    "    def scale(self, x, factor):\n        return x * factor\n"
    "    @tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([])])\n"
    "    def fixed(self, x, factor):\n        return x * factor\n"
    "@tf.function\ndef shift(x, by):\n    return x + by\n"
    "s = Scaler()\nSPEC = tf.TensorSpec([None])\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("s.scale.get_concrete_function(SPEC, 0.5)\ntf.saved_model.save(s, 'p')\n", ["TF514"]),
        (
            "s.scale.get_concrete_function(SPEC, factor=-1.5)\ntf.saved_model.save(s, 'p')\n",
            ["TF514"],
        ),
        ("s.scale(tf.ones([2]), 0.5)\ntf.saved_model.save(s, 'p')\n", ["TF514"]),
        (
            "s.shift = shift\nshift.get_concrete_function(SPEC, 2.0)\ntf.saved_model.save(s, 'p')\n",
            ["TF514"],
        ),
        # a def called with a float, then handed to the object saved
        (
            "shift(tf.ones([2]), 1.0)\nobj = tf.train.Checkpoint(f=shift)\n"
            "tf.saved_model.save(obj, 'p')\n",
            ["TF514"],
        ),
        ("shift(tf.ones([2]), 1.0)\ntf.saved_model.save(s, 'p')\n", []),
        # traced after the export: not in it
        ("tf.saved_model.save(s, 'p')\ns.scale(tf.ones([2]), 0.5)\n", []),
        # a tensor spec, an input signature, an int or a bool, no export
        (
            "s.scale.get_concrete_function(SPEC, tf.TensorSpec([]))\ntf.saved_model.save(s, 'p')\n",
            [],
        ),
        ("s.fixed.get_concrete_function(SPEC, 0.5)\ntf.saved_model.save(s, 'p')\n", []),
        ("s.scale.get_concrete_function(SPEC, 2)\ntf.saved_model.save(s, 'p')\n", []),
        ("s.scale.get_concrete_function(SPEC, True)\ntf.saved_model.save(s, 'p')\n", []),
        ("s.scale.get_concrete_function(SPEC, 0.5)\n", []),
        # a direct call on an object the module does not save
        ("t = Scaler()\nt.scale(tf.ones([2]), 0.5)\ntf.saved_model.save(s, 'p')\n", []),
    ],
)
def test_python_float_baked_into_an_exported_trace(use, expected):
    assert rule_ids(EXPORTED + use, ["TF514"]) == expected

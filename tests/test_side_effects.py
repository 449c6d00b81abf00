"""TF201-TF203: Python side effects inside traced code."""

from __future__ import annotations

import textwrap

import pytest

from conftest import lint, rule_ids, run_cli


def test_print_fix_rewrites_to_tf_print_and_is_unsafe():
    (d,) = lint(
        """
        import tensorflow as tf

        @tf.function
        def step(x):
            print("x", x)
            return x
        """,
        ["TF201"],
    )
    assert d.fix.applicability == "unsafe"
    ((_old, new),) = d.fix.edits
    assert __import__("libcst").Module([]).code_for_node(new) == 'tf.print("x", x)'


@pytest.mark.parametrize(
    "source",
    [
        # tf.print is the right thing
        "@tf.function\ndef f(x):\n    tf.print(x)\n",
        # not traced
        "def f(x):\n    print(x)\n",
        # lifted out of the graph
        "@tf.function\ndef f(x):\n    with tf.init_scope():\n        print('init')\n",
        # mutation of a local list built while tracing
        "@tf.function\ndef f(x):\n    parts = []\n    parts.append(1)\n    return tf.stack(parts)\n",
        # guarded one-time creation
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        if self.v is None:\n            self.v = tf.Variable(1.0)\n        return self.v\n",
        # state kept in a Variable
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        self.steps.assign_add(1)\n",
        # a list built in the enclosing traced function
        "@tf.function\ndef f(x):\n    out = []\n    def body(i):\n        out.append(i)\n    body(1)\n    return out\n",
        # next() on a dataset iterator passed in: the distribution-strategy idiom
        "@tf.function\ndef f(iterator):\n    return next(iterator)\n",
    ],
)
def test_no_side_effect_finding(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF2"]) == []


@pytest.mark.parametrize(
    "source, rule",
    [
        ("@tf.function\ndef f(x):\n    print(x)\n", "TF201"),
        ("calls = 0\n@tf.function\ndef f(x):\n    global calls\n    calls += 1\n", "TF202"),
        ("log = []\n@tf.function\ndef f(x):\n    log.append('step')\n", "TF202"),
        ("seen = {}\n@tf.function\ndef f(x):\n    seen['k'] = 1\n", "TF202"),
        (
            "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        self.count += 1\n",
            "TF202",
        ),
        ("it = iter([1, 2, 3])\n@tf.function\ndef f(x):\n    return x + next(it)\n", "TF203"),
        (
            "def gen():\n    yield 1\nitems = gen()\n@tf.function\ndef f(x):\n    return next(items)\n",
            "TF203",
        ),
    ],
)
def test_side_effect_finding(source, rule):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF2"]) == [rule]


def test_the_models_own_output_appended_in_its_test_step_is_a_side_effect_by_default():
    # `self(x)` in a Keras model's method gives a tensor: appended to a list on the model,
    # it is added once per trace, and holds a symbolic tensor (checked under TF 2.21)
    source = """
        import tensorflow as tf

        class Net(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = tf.keras.layers.Dense(1)
                self.predictions = []

            def call(self, x):
                return self.dense(x)

            def test_step(self, data):
                x, y = data
                y_pred = self(x, training=False)
                self.predictions.append(y_pred)
                return {"loss": tf.reduce_mean(tf.square(y - y_pred))}
    """
    found = lint(source, ["TF2", "TF3"])
    assert [(d.rule, d.line, d.preview) for d in found] == [("TF202", 16, False)]


def test_tensor_appended_by_a_keras_traced_loss_is_a_side_effect_by_default():
    # The tf.function guide files `external_list.append(x)` under Python side effects: the
    # list grows once per trace, whoever reads it, and holds symbolic tensors (not TF301's).
    source = """
        import tensorflow as tf

        seen = []

        def loss(y_true, y_pred):
            seen.append(y_pred)
            return tf.reduce_mean(tf.square(y_true - y_pred))

        model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        model.compile(optimizer="adam", loss=loss)
    """
    found = lint(source, ["TF2", "TF3"])
    assert [(d.rule, d.line, d.preview) for d in found] == [("TF202", 7, False)]
    assert "`y_pred` is a graph tensor" in " ".join(s.message for s in found[0].evidence.value)


def test_mutating_an_object_that_is_not_a_python_container_is_not_reported():
    # TF-Agents' TFDeque is backed by tf.Variables: its `add` is a graph op, not a Python effect.
    source = """
        import tensorflow as tf

        class Metric(tf.Module):
            def __init__(self):
                self._buffer = TFDeque(10)
                self._history = []

            @tf.function
            def call(self, x):
                self._buffer.add(x)
                self._history.append(1)
                return x
        """
    found = lint(source, ["TF2"])
    assert [(d.rule, d.line) for d in found] == [("TF202", 12)]
    assert "list `self._history`" in found[0].message


def test_next_on_an_iterator_passed_in_as_an_argument():
    # The tf.function guide's "Using Python iterators and generators": a Python iterator
    # handed to the function is advanced once, while tracing.
    source = """
        import tensorflow as tf

        @tf.function
        def consume_next(iterator):
            tf.print("Value:", next(iterator))

        iterator = iter([1, 2, 3])
        consume_next(iterator)
        consume_next(iterator)
    """
    assert rule_ids(source, ["TF203"]) == ["TF203"]


def test_next_on_a_dataset_iterator_passed_in_is_fine():
    # ... and its fix: a tf.data iterator advances in the graph.
    source = """
        import tensorflow as tf

        @tf.function
        def consume_next(iterator):
            tf.print("Value:", next(iterator))

        iterator = iter(tf.data.Dataset.from_tensor_slices([1, 2, 3]))
        consume_next(iterator)
        dist = iter(strategy.experimental_distribute_dataset(ds))
        consume_next(dist)
    """
    assert rule_ids(source, ["TF203"]) == []


@pytest.mark.parametrize(
    "source",
    [
        # a positive flag the branch clears (gpflow's Scipy optimizer)
        """
        def minimize(closure):
            first_call = True

            @tf.function
            def step():
                nonlocal first_call
                if first_call:
                    first_call = False
                    print("compiling")
                return closure()
            return step
        """,
        # a method run once per object (Sonnet's @snt.once), called from traced code
        """
        import sonnet as snt

        class Linear(snt.Module):
            @snt.once
            def _initialize(self, x):
                self.w = tf.Variable(tf.zeros([x.shape[-1], 3]))
                self.history.append(1)
                print("created")

            def __call__(self, x):
                self._initialize(x)
                return tf.matmul(x, self.w)

        layer = Linear()

        @tf.function
        def forward(x):
            return layer(x)
        """,
        # functools.cache: one run per argument values
        """
        import functools

        @functools.cache
        def table(n):
            print("building", n)
            return tf.range(n)

        @tf.function
        def f(x):
            return x + table(3)
        """,
        # code that only runs eagerly
        """
        @tf.function
        def f(x):
            if tf.executing_eagerly():
                print("eager", x)
            return x
        """,
        # a function handed to tf.py_function runs in Python on every call
        """
        def log(x):
            print(x)
            return x

        @tf.function
        def f(x):
            return tf.py_function(log, [x], tf.float32)
        """,
    ],
)
def test_one_time_and_eager_code_is_not_a_side_effect(source):
    assert rule_ids("import tensorflow as tf\n" + textwrap.dedent(source), ["TF2", "TF4"]) == []


def test_unguarded_variable_in_an_instance_called_from_traced_code():
    source = """
        import tensorflow as tf
        import sonnet as snt

        class Scale(snt.Module):
            def __call__(self, x):
                w = tf.Variable(2.0)
                return x * w

        scale = Scale()

        @tf.function
        def forward(x):
            return scale(x)
    """
    assert rule_ids(source, ["TF4"]) == ["TF401"]


SQUASH = """
    import tensorflow as tf

    class Squash:
        def __init__(self, rank):
            self.rank = rank
            self.shape = None

        def flatten(self, x):
            self.shape = x.shape
            return tf.reshape(x, [-1])
"""


def test_state_of_an_object_built_during_the_trace_is_that_trace_s_own():
    source = (
        SQUASH
        + """
    @tf.function
    def f(x):
        squash = Squash(2)
        if isinstance(x, Squash):
            pass
        return squash.flatten(x)
    """
    )
    assert rule_ids(source, ["TF2", "TF3"]) == []


def test_state_of_an_object_that_outlives_the_trace_is_a_side_effect():
    source = (
        SQUASH
        + """
    squash = Squash(2)

    @tf.function
    def f(x):
        return squash.flatten(x)
    """
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF2", "TF3"])] == [("TF202", 10)]


# --- TF204/TF205: host side effects the knowledge base knows ----------------------------------


@pytest.mark.parametrize(
    "call",
    [
        "logging.info('step %s', x)",
        "absl_logging.warning('step')",
        "tf.compat.v1.logging.info('step')",
        "tf.get_logger().info('step')",
        "log.warning('step')",  # log = logging.getLogger(...)
        "warnings.warn('slow path')",
    ],
)
def test_logging_in_traced_code_is_reported(call):
    source = (
        "import logging\nimport warnings\nfrom absl import logging as absl_logging\n"
        "import tensorflow as tf\n\nlog = logging.getLogger('t')\n\n"
        f"@tf.function\ndef step(x):\n    {call}\n    return x\n"
    )
    assert rule_ids(source, ["TF204"]) == ["TF204"]


@pytest.mark.parametrize(
    "source",
    [
        # not traced
        "def step(x):\n    logging.info('x')\n",
        # once, on purpose
        "@tf.function\ndef step(x):\n    if not done:\n        logging.info('first trace')\n",
        # a method named like a log level on something that is not a logger
        "@tf.function\ndef step(x):\n    return table.info(x)\n",
    ],
)
def test_logging_not_reported(source):
    assert lint("import logging\nimport tensorflow as tf\n" + source, ["TF204"]) == []


@pytest.mark.parametrize(
    "call",
    [
        "tf.random.set_seed(1)",
        "np.random.seed(1)",
        "random.seed(1)",
        "tf.keras.utils.set_random_seed(1)",
    ],
)
def test_seeding_in_traced_code_is_reported(call):
    source = (
        "import random\nimport numpy as np\nimport tensorflow as tf\n\n"
        f"@tf.function\ndef sample():\n    {call}\n    return tf.random.uniform([2])\n"
    )
    assert rule_ids(source, ["TF205"]) == ["TF205"]


@pytest.mark.parametrize(
    "decorator, use",
    [
        # the tf.data performance guide's map_decorator
        ("@map_decorator", "dataset.map(naive_map)"),
        ("@map_decorator", "tf.map_fn(naive_map, (steps, times, values))"),
        ("@py_func()", "dataset.map(naive_map)"),
    ],
)
def test_a_function_a_user_decorator_hands_to_py_function_runs_eagerly(decorator, use):
    source = f"""\
import time

import tensorflow as tf


def map_decorator(func):
    def wrapper(steps, times, values):
        return tf.py_function(
            func, inp=(steps, times, values), Tout=(steps.dtype, times.dtype, values.dtype)
        )

    return wrapper


def py_func(tout=(tf.int64, tf.float32, tf.int64)):
    def decorate(func):
        def call(*args):
            return tf.numpy_function(func, args, tout)

        return call

    return decorate


{decorator}
def naive_map(steps, times, values):
    map_enter = time.perf_counter()
    time.sleep(0.0001)
    print("mapped", steps)
    map_elapsed = time.perf_counter() - map_enter
    return steps, times + map_elapsed, values


dataset = tf.data.Dataset.range(2).map(lambda i: (i, tf.cast(i, tf.float32), i))


@tf.function
def run(steps, times, values):
    return {use}
"""
    assert [d.rule for d in lint(source)] == []


def test_next_on_an_iterator_of_an_unknown_iterable_is_not_assumed_python():
    # `iter(data)` of a dataset the caller hands in: its iterator advances in the graph
    source = """
        import tensorflow as tf

        @tf.function
        def train_step(model, iterator):
            features, labels = next(iterator)
            return model(features) - labels

        def fit(model, data, steps):
            iterator = iter(data)
            for _ in range(steps):
                train_step(model, iterator)

        fit(tf.keras.Sequential([tf.keras.layers.Dense(1)]), load_records("train"), 10)
    """
    assert rule_ids(source, ["TF203"]) == []
    python_list = source.replace('load_records("train")', "[(1.0, 2.0)] * 10").replace(
        "iter(data)", "iter(list(data))"
    )
    assert rule_ids(python_list, ["TF203"]) == ["TF203"]


@pytest.mark.parametrize(
    "body, use",
    [
        # a step counter the step itself tests: it counts traces, not calls
        (
            "    global step_count\n    step_count += 1\n",
            "    if step_count % 100 == 0:\n        tf.print('step', step_count)\n",
        ),
        ("    history.append(1)\n", "    tf.print('recorded', len(history))\n"),
        ("    global step_count\n    step_count += 1\n", "    return x, step_count\n"),
    ],
)
def test_state_that_traced_code_uses_as_a_count_of_calls_is_reported_by_default(body, use):
    source = (
        "import tensorflow as tf\n\nstep_count = 0\nhistory = []\n\n\n@tf.function\n"
        "def train_step(x):\n" + body + use + "    return x\n"
    )
    found = lint(source, ["TF202"])
    assert [(d.rule, d.preview) for d in found] == [("TF202", False)]
    assert "as if it changed on every call" in found[0].evidence.value[1].message
    # nothing reads it: it may count traces on purpose (preview)
    assert [d.preview for d in lint(source.replace(use, ""), ["TF202"])] == [True]


# TF299: files opened in traced code (checked under TF 2.21: a log written from a tf.function
# gets one line however many calls run).
FILE_STEP = "import tensorflow as tf\nimport io\n@tf.function\ndef step(x, path):\n"


@pytest.mark.parametrize(
    "body, preview",
    [
        ("    with open(path, 'a') as f:\n        f.write('x')\n    return x\n", False),
        ("    f = open(path, mode='w')\n    return x\n", False),
        ("    io.open(path, 'r+').write('x')\n    return x\n", False),
        ("    tf.io.gfile.GFile(path, 'w').write('x')\n    return x\n", False),
        # a read: its contents are frozen, which may be meant
        ("    with open(path) as f:\n        n = len(f.read())\n    return x * n\n", True),
        ("    mode = 'a'\n    with open(path, mode) as f:\n        pass\n    return x\n", True),
    ],
)
def test_a_file_opened_in_traced_code(body, preview):
    (d,) = lint(FILE_STEP + body, ["TF299"])
    assert d.rule == "TF299" and d.preview == preview
    assert "while tracing" in d.message


@pytest.mark.parametrize(
    "source",
    [
        # eager code, a one-time guard, an eager-only branch
        "import tensorflow as tf\ndef save(x, path):\n    open(path, 'w').write(str(x))\n",
        FILE_STEP
        + "    if tf.executing_eagerly():\n        open(path, 'a').write('x')\n    return x\n",
        "import tensorflow as tf\nclass M(tf.Module):\n    @tf.function\n    def f(self, x):\n"
        "        if self.log is None:\n            self.log = open('log.txt', 'w')\n        return x\n",
        # graph ops that write on every call
        FILE_STEP + "    tf.io.write_file(path, tf.strings.as_string(x))\n    return x\n",
    ],
)
def test_no_file_finding(source):
    assert rule_ids(source, ["TF299"]) == []


# TF298: tf.function refuses to change a Python argument (checked under TF 2.21: ValueError
# "should not modify its Python input arguments", and the caller's list stays as it was).
MUTATES = "import tensorflow as tf\n@tf.function\ndef fill(values, x):\n"


@pytest.mark.parametrize(
    "body, caller, preview",
    [
        ("    values[4] = 42\n    return x\n", "fill([0, 1, 2, 3, 4], tf.constant(1.0))\n", False),
        ("    values.append(x)\n    return x\n", "acc = []\nfill(acc, tf.constant(1.0))\n", False),
        ("    values['n'] += 1\n    return x\n", "fill(dict(n=0), tf.constant(1.0))\n", False),
        ("    values.sort()\n    return x\n", "fill(values=[3, 1], x=tf.constant(1.0))\n", False),
        ("    del values[0]\n    return x\n", "fill(list(range(3)), tf.constant(1.0))\n", False),
        (
            "    values[4] = 42\n    return x\n",
            "data = [0] * 5\nfill(data, tf.constant(1.0))\n",
            False,
        ),
        # no caller in the module: a library function, say
        ("    values.append(x)\n    return x\n", "", True),
    ],
)
def test_a_tf_function_changing_its_python_argument(body, caller, preview):
    (d,) = lint(MUTATES + body + caller, ["TF298"])
    assert d.rule == "TF298" and d.preview == preview and "`values`" in d.message


@pytest.mark.parametrize(
    "source",
    [
        # a copy is allowed
        MUTATES + "    values = list(values)\n    values.append(x)\n    return tf.add_n(values)\n",
        # a local list, and a helper's parameter filled with the traced function's own list
        "import tensorflow as tf\ndef helper(acc, x):\n    acc.append(x)\n"
        "@tf.function\ndef f(x):\n    acc = []\n    helper(acc, x)\n    return tf.add_n(acc)\n",
        # the object's own state, and eager code
        "import tensorflow as tf\nclass M(tf.Module):\n    @tf.function\n    def f(self, x):\n"
        "        self.seen.append(1)\n        return x\n",
        "def fill(values, x):\n    values[4] = 42\n",
        # a Keras method: Keras hands it its own objects
        "import keras\nclass M(keras.Model):\n    def train_step(self, data):\n"
        "        data[0] = 1\n        return {}\n",
    ],
)
def test_no_argument_mutation_finding(source):
    assert rule_ids(source, ["TF298"]) == []


@pytest.mark.parametrize(
    "draw",
    [
        "random.randint(16, 28)",
        "randint(16, 28)",  # imported from random
        "int(rng.integers(16, 28))",  # a NumPy generator made outside
        "py_rng.randint(16, 28)",  # a random.Random made outside
    ],
)
def test_python_random_in_a_dataset_map_function_is_drawn_once(draw):
    source = f"""
        import random
        from random import randint

        import numpy as np
        import tensorflow as tf

        rng = np.random.default_rng(0)
        py_rng = random.Random(1)

        def augment(image):
            size = {draw}
            return tf.image.random_crop(image, [size, size, 3])

        def pipeline(images):
            return images.map(augment)

        pipeline(tf.data.Dataset.from_tensor_slices(tf.ones([4, 32, 32, 3])))
    """
    found = lint(source, ["TF805"])
    assert [(d.rule, d.line, d.category, d.preview) for d in found] == [
        ("TF805", 12, "graph-incompatible", False)
    ]
    assert "augment" in found[0].message


FILE_SYSTEM = """
import os
import pathlib
import shutil

import tensorflow as tf

CACHE = "/tmp/cache"


@tf.function
def step(x):
    {call}
    return x * 2.0
"""


@pytest.mark.parametrize(
    "call, preview",
    [
        ("os.makedirs(CACHE, exist_ok=True)", False),
        ("shutil.rmtree(CACHE)", False),
        ("tf.io.gfile.copy('/tmp/a', '/tmp/b', overwrite=True)", False),
        ("pathlib.Path(CACHE, 'done').touch()", False),
        # a query: looking once, while tracing, may be meant
        ("found = os.path.exists(CACHE)", True),
        ("names = tf.io.gfile.listdir(CACHE)", True),
    ],
)
def test_file_system_calls_in_traced_code_run_once(call, preview):
    found = lint(FILE_SYSTEM.format(call=call), ["TF297"])
    assert [(d.rule, d.line, d.category, d.preview) for d in found] == [
        ("TF297", 13, "side-effect", preview)
    ]


@pytest.mark.parametrize(
    "call",
    [
        "path = os.path.join(CACHE, 'x')",  # path arithmetic touches nothing
        "tf.io.write_file(CACHE + '/x', tf.strings.as_string(x))",  # a graph op, every call
        "os.makedirs(tf.strings.join([CACHE, 'x']))",  # a string tensor: fails, TF895's
    ],
)
def test_what_runs_per_call_or_fails_is_not_a_file_system_side_effect(call):
    assert rule_ids(FILE_SYSTEM.format(call=call), ["TF297"]) == []


def test_file_system_code_handed_to_py_function_runs_per_element():
    source = """
        import shutil
        import tensorflow as tf

        def stage(index):
            shutil.copyfile("/tmp/shard.txt", "/tmp/staged.txt")
            return "/tmp/staged.txt"

        def load(index):
            return tf.io.read_file(tf.py_function(stage, [index], tf.string))

        dataset = tf.data.Dataset.range(4).map(load)
    """
    assert rule_ids(source, ["TF297"]) == []


def test_a_clock_read_in_traced_code_is_read_once_while_tracing():
    # reading the clock does not fail while tracing: it runs once, and the graph keeps the value
    # (graph-incompatible, as the README files `time` in traced code)
    source = """
        import time
        import tensorflow as tf

        @tf.function
        def step(x):
            tf.print("step at", time.time(), x)
            return x + 1
    """
    found = lint(source, ["TF806"])
    assert [(d.rule, d.line, d.category) for d in found] == [("TF806", 7, "graph-incompatible")]


# A graph tensor stored outside the trace is both a Python side effect (TF202) and a leak
# (TF301): TF202 declares `defers_to = {"TF301"}`, and the engine keeps TF301's finding alone
# there. The hand-off holds only where TF301 runs: deselect it and TF202 reports the store, so
# that no selection makes the problem vanish.
LEAKED_STORES = [
    # a tensor computed in the trace, stored in a global
    "last = None\n@tf.function\ndef f(x):\n    global last\n    last = x * 2\n    return x\n",
    # a tensor read from state and stored back on `self` (tensor_state_read's case)
    "class M(tf.Module):\n    def __init__(self):\n        self.x = tf.zeros([2])\n"
    "    @tf.function\n    def f(self):\n        self.x = self.x * 0.5\n        return self.x\n",
    # an augmented store of a tensor into an outer attribute
    "class M(tf.Module):\n    @tf.function\n    def f(self, y):\n        self.total += tf.reduce_sum(y)\n"
    "        return y\n",
]


@pytest.mark.parametrize("source", LEAKED_STORES)
def test_a_leaked_tensor_is_tf301s_finding_while_tf301_is_selected(source):
    found = lint("import tensorflow as tf\n" + source, ["TF202", "TF301"])
    leaks = [d for d in found if d.rule == "TF301"]
    assert leaks, "TF301 reports the store"
    assert [d for d in found if d.rule == "TF202"] == []


@pytest.mark.parametrize("source", LEAKED_STORES)
def test_with_tf301_deselected_tf202_reports_the_leaked_store(source):
    with_leak = lint("import tensorflow as tf\n" + source, ["TF202", "TF301"])
    alone = lint("import tensorflow as tf\n" + source, ["TF202"])
    assert [d.rule for d in alone] == ["TF202"]
    (leak,) = [d for d in with_leak if d.rule == "TF301"]
    assert (alone[0].line, alone[0].column) == (leak.line, leak.column)  # the same store


def test_the_hand_off_follows_the_command_lines_selection(tmp_path):
    program = tmp_path / "leak.py"
    program.write_text("import tensorflow as tf\n" + LEAKED_STORES[0])
    # --preview: a global set (not accumulated) in traced code is TF202's only with it
    flags = ("check", "--isolated", "--no-cache", "--preview", "--output-format", "concise")
    default = run_cli(*flags, str(program))
    ignored = run_cli(*flags, "--ignore", "TF301", str(program))
    assert "TF301" in default.stdout and "TF202" not in default.stdout
    assert "TF202" in ignored.stdout and "TF301" not in ignored.stdout


# TF206: `tf.ensure_shape` as a statement in traced code (checked under TF 2.21: a 2-vector
# passes `tf.ensure_shape(x, [3])` written as a statement in a tf.function with a None
# dimension, and raises InvalidArgumentError when the result is used; a Dataset.map
# function's element spec stays (None,) instead of (12,)).
@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "@tf.function(input_signature=[tf.TensorSpec([None])])\ndef f(x):\n"
            "    tf.ensure_shape(x, [3])\n    return x * 2\n",
            True,
        ),
        (
            "def parse(s):\n    img = tf.io.decode_raw(s, tf.uint8)\n"
            "    tf.ensure_shape(img, [12])\n    return img\n"
            "ds = tf.data.Dataset.from_tensors(tf.constant(b'a' * 12)).map(parse)\n",
            True,
        ),
        # the result used: checked and set
        (
            "@tf.function\ndef f(x):\n    x = tf.ensure_shape(x, [3])\n    return x * 2\n",
            False,
        ),
        # eager code runs the op: it raises there
        ("def f(x):\n    tf.ensure_shape(x, [3])\n    return x * 2\n", False),
        # a stateful assertion is kept by the graph
        (
            "@tf.function\ndef f(x):\n    tf.debugging.assert_equal(tf.shape(x)[0], 3)\n"
            "    return x\n",
            False,
        ),
    ],
)
def test_ensure_shape_result_discarded_in_traced_code(source, found):
    assert (rule_ids("import tensorflow as tf\n" + source, ["TF206"]) == ["TF206"]) is found


def test_a_discarded_ensure_shape_is_pruned_and_a_used_one_checks():
    # the fact TF206 rests on, checked on the installed TensorFlow
    import tensorflow as tf

    spec = [tf.TensorSpec([None])]

    @tf.function(input_signature=spec)
    def dropped(x):
        tf.ensure_shape(x, [3])
        return x

    @tf.function(input_signature=spec)
    def kept(x):
        return tf.ensure_shape(x, [3])

    dropped(tf.constant([1.0, 2.0]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        kept(tf.constant([1.0, 2.0]))


@pytest.mark.parametrize(
    "body, preview",
    [
        # the tf.function guide's way to show when a function traces: meant to run per trace
        ("    print('Tracing!')\n", True),
        ("    print(f'retracing for shape {x.shape}')\n", True),
        # a per-call log line: it prints once
        ("    print('step loss', x)\n", False),
    ],
)
def test_a_print_that_announces_tracing_is_preview_only(body, preview):
    source = f"import tensorflow as tf\n@tf.function\ndef f(x):\n{body}    return x\n"
    found = lint(source, ["TF201"])
    assert [(d.rule, d.preview) for d in found] == [("TF201", preview)]

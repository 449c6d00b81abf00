"""TF901-TF907: TensorFlow APIs used in a way that fails or does something else."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, lint, rule_ids, run_cli
from tf2lint.linting.engine import lint_module
from tf2lint.linting.fixes import fix_round
from tf2lint.linting.plugins import all_rules
from tf2lint.rules import api_misuse


def fixed(source: str, select: list[str], path: str = "train.py", unsafe: bool = False) -> str:
    rules = [r for r in all_rules() if any(r.id.startswith(s) for s in select)]
    result = lint_module(textwrap.dedent(source), path, rules)
    code, applied, rejected = fix_round(result.module, result.diagnostics, unsafe=unsafe)
    assert applied and not rejected
    return code


TAPE = """
    import tensorflow as tf

    def step(model, x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x))
        return tape.gradients(loss, model.trainable_variables)
    """


def test_tape_gradients_is_fixed_safely_to_gradient():
    (d,) = lint(TAPE, ["TF9"])
    assert d.rule == "TF901" and d.fix.applicability == "safe"
    assert fixed(TAPE, ["TF901"]) == textwrap.dedent(TAPE).replace(
        "tape.gradients(", "tape.gradient("
    )


@pytest.mark.parametrize(
    "source",
    [
        # tape bound by assignment, used in a nested function
        "tape = tf.GradientTape()\ndef f(loss, v):\n    return tape.gradients(loss, v)\n",
        "def f(v):\n    with tf.GradientTape(persistent=True) as t2:\n        y = v * v\n    def g():\n        return t2.gradients(y, v)\n    return g()\n",
    ],
)
def test_tape_gradients_found_with_evidence(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF901"]) == ["TF901"]


@pytest.mark.parametrize(
    "source",
    [
        # no evidence the receiver is a tape
        "def f(tape, loss, v):\n    return tape.gradients(loss, v)\n",
        "def f(tracker):\n    return tracker.gradients()\n",
        # the TF1 function is a different (module-level) API
        "def f(loss, v):\n    return tf.gradients(loss, v)\n",
    ],
)
def test_tape_gradients_needs_evidence(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF901"]) == []


APPLY = """
    import tensorflow as tf

    def step(model, optimizer, x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(grads, model.trainable_variables)
    """


def test_apply_gradients_two_arguments_fix_zips_them_unsafely():
    (d,) = lint(APPLY, ["TF902"])
    assert d.fix.applicability == "unsafe"
    assert fixed(APPLY, ["TF902"], unsafe=True) == textwrap.dedent(APPLY).replace(
        "apply_gradients(grads, model.trainable_variables)",
        "apply_gradients(zip(grads, model.trainable_variables))",
    )
    # not applied without --unsafe-fixes
    result = lint_module(
        textwrap.dedent(APPLY), "t.py", [r for r in all_rules() if r.id == "TF902"]
    )
    assert fix_round(result.module, result.diagnostics, unsafe=False)[1] == []


def test_apply_gradients_bare_gradient_list_is_reported_without_fix():
    source = APPLY.replace(
        "optimizer.apply_gradients(grads, model.trainable_variables)",
        "optimizer.apply_gradients(grads)",
    )
    (d,) = lint(source, ["TF902"])
    assert d.fix is None and "bare gradient list" in d.message


@pytest.mark.parametrize(
    "call",
    [
        "optimizer.apply_gradients(zip(grads, model.trainable_variables))",
        # forwarding wrappers, already pairs
        "optimizer.apply_gradients(grads_and_vars, name)",
        "optimizer.apply_gradients(grads_and_vars)",
        # TF1 optimizer with a global step
        "optimizer.apply_gradients(pairs, global_step)",
        # unknown first argument, second not a variable list
        "optimizer.apply_gradients(updates, name)",
    ],
)
def test_apply_gradients_not_reported(call):
    source = APPLY.replace("optimizer.apply_gradients(grads, model.trainable_variables)", call)
    assert rule_ids(source, ["TF902"]) == []


def test_apply_gradients_list_rebound_to_pairs_is_not_reported():
    source = APPLY.replace(
        "        optimizer.apply_gradients(grads, model.trainable_variables)",
        "        grads = list(zip(grads, model.trainable_variables))\n"
        "        optimizer.apply_gradients(grads)",
    )
    assert rule_ids(source, ["TF902"]) == []


EAGER = """
    import tensorflow as tf

    tf.config.run_functions_eagerly(True)
    model.compile(optimizer="adam", loss="mse", run_eagerly=True)
    """


@pytest.mark.parametrize("path", ["train.py", "src/pkg/train.py"])
def test_eager_switches_reported_outside_tests(path):
    found = lint_module(
        textwrap.dedent(EAGER), path, [r for r in all_rules() if r.id == "TF903"]
    ).diagnostics
    assert [d.line for d in found] == [4, 5]


def test_eager_switch_in_a_module_that_traces_only_dataset_functions_is_not_reported():
    # checked under TF 2.21: with the switch on, `Dataset.map(f)` still traces `f` (`.numpy()`
    # there raises AttributeError), and a `tf.py_function` inside runs eagerly either way: the
    # switch changes nothing in such a module
    source = """
    import numpy as np
    import tensorflow as tf

    tf.config.run_functions_eagerly(True)

    def scale(x):
        return np.float32(x.numpy() * 2.0)

    ds = tf.data.Dataset.range(4).map(lambda x: tf.py_function(scale, [x], tf.float32))
    """
    rules = [r for r in all_rules() if r.id == "TF903"]
    assert lint_module(textwrap.dedent(source), "train.py", rules).diagnostics == []
    with_step = textwrap.dedent(source) + "@tf.function\ndef step(x):\n    return x\n"
    assert [d.line for d in lint_module(with_step, "train.py", rules).diagnostics] == [5]
    # the switch is process-wide: code of another module the program runs may be traced
    calls_out = textwrap.dedent(source) + "import trainer\ntrainer.run(ds)\n"
    assert [d.line for d in lint_module(calls_out, "train.py", rules).diagnostics] == [5]


@pytest.mark.parametrize(
    "path",
    ["test_train.py", "train_test.py", "tests/helpers.py", "pkg/test/util.py", "conftest.py"],
)
def test_eager_switches_allowed_in_test_code(path):
    found = lint_module(
        textwrap.dedent(EAGER), path, [r for r in all_rules() if r.id == "TF903"]
    ).diagnostics
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        "tf.config.run_functions_eagerly(False)\n",
        "model.compile(run_eagerly=FLAGS.run_eagerly)\n",
        "if params.runtime.run_eagerly:\n    tf.config.run_functions_eagerly(True)\n",
        "if args.debug:\n    tf.config.experimental_run_functions_eagerly(True)\n",
    ],
)
def test_eager_switches_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF903"]) == []


def test_experimental_relax_shapes_fix_renames_the_keyword():
    source = """
        import tensorflow as tf

        @tf.function(experimental_relax_shapes=True)
        def f(x):
            return x
        """
    (d,) = lint(source, ["TF904"])
    assert d.fix.applicability == "safe"
    assert fixed(source, ["TF904"]) == textwrap.dedent(source).replace(
        "experimental_relax_shapes=True", "reduce_retracing=True"
    )
    call = "import tensorflow as tf\ng = tf.function(f, experimental_relax_shapes=True)\n"
    assert (
        fixed(call, ["TF904"])
        == "import tensorflow as tf\ng = tf.function(f, reduce_retracing=True)\n"
    )


def test_experimental_relax_shapes_only_on_tf_function():
    source = "import tensorflow as tf\ng = other.function(f, experimental_relax_shapes=True)\n"
    assert rule_ids(source, ["TF904"]) == []


@pytest.mark.parametrize(
    "source, expected",
    [
        ("opt = tf.keras.optimizers.Adadelta()\n", ["TF905"]),
        ("opt = tf.keras.optimizers.Nadam(beta_1=0.8)\n", ["TF905"]),
        ("from tensorflow.keras.optimizers import Adagrad\nopt = Adagrad()\n", ["TF905"]),
        ('model.compile(optimizer="adamax", loss="mse")\n', ["TF905"]),
        ("opt = tf.keras.optimizers.Adadelta(learning_rate=1.0)\n", []),
        ("opt = tf.keras.optimizers.Adagrad(0.01)\n", []),
        ("opt = tf.keras.optimizers.Adam()\n", []),  # default unchanged
        ('model.compile(optimizer="adam", loss="mse")\n', []),
        ("opt = Adadelta()\n", []),  # not a Keras optimizer we can see
    ],
)
def test_optimizer_default_learning_rate_in_tf1_code(source, expected):
    # TF1 code: written when tf.keras (TensorFlow 1.13) and standalone Keras (2.3) defaulted
    # to the old learning rates
    assert rule_ids("import tensorflow.compat.v1 as tf\n" + source, ["TF905"]) == expected
    tf1_only = "import tensorflow as tf\nsess = tf.Session()\n"
    assert rule_ids(tf1_only + source, ["TF905"]) == expected


@pytest.mark.parametrize(
    "source",
    [
        # tf.keras's Nadam has defaulted to 0.001 since TensorFlow 1.14: TF2 code never knew 0.002
        'model.compile(optimizer="nadam", loss="categorical_crossentropy")\n',
        "opt = tf.keras.optimizers.Nadam()\n",
        "import keras\nopt = keras.optimizers.Adadelta()\n",
        # unreachable TF1 code does not make the module TF1 code
        "def f():\n    return 1\n    tf.Session()\nopt = tf.keras.optimizers.Adamax()\n",
    ],
)
def test_optimizer_default_learning_rate_is_silent_in_tf2_code(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF905"]) == []


def test_optimizer_defaults_are_measured_and_match_the_installed_packages():
    data = api_misuse.optimizer_defaults()
    installed = importlib.metadata.version("tensorflow")
    (entry,) = [e for e in data["environments"] if e["versions"]["tensorflow"] == installed]
    probe = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate_optimizer_defaults.py"), "--probe"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(probe.stdout.splitlines()[-1]) == entry
    # what the rule says, measured: tf.keras changed after TensorFlow 1.13, standalone Keras
    # after 2.3; TF1's own AdadeltaOptimizer never defaulted to 1.0
    current, older = api_misuse.changed_default("tensorflow.keras.optimizers", "Nadam")
    assert current == 0.001 and older == [("tf.keras of TensorFlow 1.13.2", 0.002)]
    assert api_misuse.changed_default("tensorflow.compat.v1.train", "Adadelta") is None
    _, older = api_misuse.changed_default("keras.optimizers", "Adadelta")
    assert [value for _, value in older] == [1.0]


TRAINING = """
    import tensorflow as tf

    class Head(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.drop = tf.keras.layers.Dropout(0.1)
            self.norm = tf.keras.layers.LayerNormalization()
            self.dense = tf.keras.layers.Dense(2)

        def call(self, inputs):
            return self.dense(self.drop(inputs))
    """


def test_call_without_training_reported_at_the_method_name():
    (d,) = lint(TRAINING, ["TF906"])
    assert d.line == 11 and d.severity == "info"
    assert "`self.drop` (Dropout)" in d.message


@pytest.mark.parametrize(
    "old, new",
    [
        ("def call(self, inputs):", "def call(self, inputs, training=None):"),
        ("def call(self, inputs):", "def call(self, inputs, **kwargs):"),
        ("self.dense(self.drop(inputs))", "self.dense(self.norm(inputs))"),  # no training mode
        ("class Head(tf.keras.layers.Layer):", "class Head:"),  # not Keras
    ],
)
def test_call_without_training_not_reported(old, new):
    assert rule_ids(TRAINING.replace(old, new), ["TF906"]) == []


STATE = """
    import tensorflow as tf

    class Tracker(tf.Module):
        def __init__(self, start=None):
            self.total = tf.constant(0.0)
            self.scale = tf.constant(2.0)
            if start is None:
                self.offset = tf.zeros([])
            else:
                self.offset = start

        def update(self, reward):
            self.total = self.total + reward
    """


READER = """
        @tf.function
        def report(self):
            return self.total * 1.0
"""


def test_tensor_rebound_in_another_method_is_reported_once():
    found = lint(STATE + READER, ["TF9"])
    assert [(d.rule, d.line, d.preview) for d in found] == [("TF907", 6, False)]
    assert "`update` rebinds it" in found[0].message


def test_tensor_state_no_traced_code_reads_needs_preview():
    """Eager code reads the rebound tensor anew: the tensor is frozen only into a graph that
    reads it, so without a traced reader the finding has a gap."""
    [found] = lint(STATE, ["TF907"])
    assert found.line == 6 and found.preview
    assert found.evidence.gap.startswith("no traced code here reads `.total`")


def test_tensor_state_not_reported_for_variables_or_none_resets():
    source = STATE.replace("tf.constant(0.0)", "tf.Variable(0.0)")
    source = source.replace("self.total = self.total + reward", "self.total.assign_add(reward)")
    assert rule_ids(source, ["TF907"]) == []
    reset = STATE.replace("self.total = self.total + reward", "self.total = None")
    assert rule_ids(reset, ["TF907"]) == []


# TF997/TF998: a `@tf.function` where tracing already happens (checked under TF 2.21: a nested
# tf.function is traced again as a function of its own, once per Python argument value; a
# decorated Keras `call` stays a graph when the model runs eagerly).
NESTED = "import functools\nimport keras\nimport tensorflow as tf\n"


@pytest.mark.parametrize(
    "source",
    [
        NESTED + "@tf.function\ndef body(r):\n    return r * 2.0\n"
        "@tf.function\ndef outer(x):\n    return tf.map_fn(body, x)\n",
        NESTED + "@tf.function\ndef body(r, k):\n    return r * k\n"
        "@tf.function\ndef outer(x):\n    return tf.vectorized_map(functools.partial(body, k=2.0), x)\n",
        NESTED + "class Net(tf.Module):\n    @tf.function\n    def forward(self, x):\n"
        "        return x\n    @tf.function\n    def step(self, x):\n        return self.forward(x)\n",
        # through a function tf.data traces
        NESTED + "@tf.function\ndef augment(x):\n    return x\ndef load(x):\n"
        "    return augment(x)\nds = tf.data.Dataset.range(3).map(load)\n",
    ],
)
def test_a_tf_function_only_traced_code_uses(source):
    (d,) = lint(source, ["TF997"])
    assert d.rule == "TF997" and d.severity == "info" and "only traced code uses" in d.message
    # given tensors only: traced once per input signature, its body no more often than
    # inlined (TF 2.21): redundant rather than costly, shown with --preview
    assert d.preview


@pytest.mark.parametrize("value", ["True", "0.5", '"train"'])
def test_a_tf_function_traced_code_passes_a_python_value_is_on_by_default(value):
    # each value is a concrete function of its own, on top of the callers' traces (the
    # fixture: 4 traces against 2 under TF 2.21)
    source = (
        NESTED + "class Net(tf.Module):\n    @tf.function\n    def forward(self, x, mode):\n"
        f"        return x\n    @tf.function\n    def step(self, x):\n"
        f"        return self.forward(x, {value})\n"
    )
    (d,) = lint(source, ["TF997"])
    assert not d.preview and [step.message for step in d.evidence.value][-1] == (
        "a Python value it is traced again for"
    )


def test_a_predicate_a_tf_function_tests_is_left_to_preview():
    # a clean program's shape: a boolean tensor from a nested tf.function, tested with `if`
    source = (
        NESTED + "@tf.function\ndef all_positive(x):\n    return tf.reduce_all(x > 0)\n"
        "@tf.function\ndef safe_log(x):\n    if all_positive(x):\n        return tf.math.log(x)\n"
        "    return tf.zeros_like(x)\n"
    )
    assert [d.preview for d in lint(source, ["TF997"])] == [True]


@pytest.mark.parametrize(
    "source",
    [
        # used eagerly too: a real entry point
        NESTED + "@tf.function\ndef body(r):\n    return r\n"
        "@tf.function\ndef outer(x):\n    return body(x)\nbody(tf.ones([2]))\n",
        NESTED + "class Net(tf.Module):\n    @tf.function\n    def forward(self, x):\n"
        "        return x\n    @tf.function\n    def step(self, x):\n        return self.forward(x)\n"
        "net = Net()\nsignatures = {'serve': net.forward}\n",
        # an XLA cluster or an AutoGraph setting of its own is deliberate
        NESTED + "@tf.function(jit_compile=True)\ndef body(r):\n    return r\n"
        "@tf.function\ndef outer(x):\n    return body(x)\n",
        # only Keras traces its user: a layer's `call` runs eagerly in an eager `model(x)`,
        # where the helper's own decorator is what compiles it
        NESTED + "@tf.function\ndef head(x):\n    return x\nclass M(keras.Model):\n"
        "    def call(self, x):\n        return head(x)\n",
        # nothing uses it, and plain helpers
        NESTED + "@tf.function\ndef body(r):\n    return r\n",
        NESTED + "def body(r):\n    return r\n@tf.function\ndef outer(x):\n    return body(x)\n",
    ],
)
def test_no_redundant_tf_function_finding(source):
    assert rule_ids(source, ["TF997"]) == []


@pytest.mark.parametrize(
    "source, method",
    [
        (NESTED + "class L(keras.layers.Layer):\n    @tf.function\n    def call(self, x):\n"
         "        return x\n", "L.call"),
        (NESTED + "class M(tf.keras.Model):\n    @tf.function()\n    def train_step(self, d):\n"
         "        return {}\n", "M.train_step"),
        (NESTED + "class A(keras.metrics.Metric):\n    @tf.function\n"
         "    def update_state(self, y, p):\n        pass\n", "A.update_state"),
    ],
)  # fmt: skip
def test_a_tf_function_on_a_method_keras_traces(source, method):
    (d,) = lint(source, ["TF998", "TF997"])
    assert d.rule == "TF998" and d.preview and f"`{method}`" in d.message


@pytest.mark.parametrize(
    "loop",
    [
        "    def train(self, data):\n        for x, y in data:\n"
        "            self.train_step(x, y)\n",  # the class's own eager loop
        "gan = M()\nfor x, y in data:\n    gan.train_step(x, y)\n",  # a script's loop
    ],
)
def test_a_keras_method_the_module_calls_itself_is_left_alone(loop):
    """Keras traces `train_step` only under `fit`: called by the user's own eager loop, its
    `@tf.function` is what compiles it."""
    source = (
        NESTED + "class M(tf.keras.Model):\n    @tf.function\n    def train_step(self, x, y):\n"
        "        return x\n" + loop
    )
    assert rule_ids(source, ["TF998"]) == []


@pytest.mark.parametrize(
    "driver, preview",
    [
        # called eagerly with one observation, then a batch, and a Python training flag:
        # the decorated call stays a graph and retraces for each (the sealed agent's CNN form)
        ("net = Net()\nfor s in range(100):\n    net(obs, training=False)\n"
         "    net(batch, training=True)\n", False),
        ("class Agent:\n    def __init__(self):\n        self.q = Net()\n"
         "    def act(self, obs):\n        return self.q(obs)\n", False),
        # only fit runs it: redundant, not wrong
        ("net = Net()\nnet.compile('adam', 'mse')\nnet.fit(x, y)\n", True),
        # called from traced code only
        ("net = Net()\n@tf.function\ndef step(x):\n    return net(x)\n", True),
    ],
)  # fmt: skip
def test_a_decorated_keras_call_the_module_calls_eagerly_is_shown_by_default(driver, preview):
    source = (
        NESTED + "class Net(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        "        self.d = tf.keras.layers.Dense(2)\n    @tf.function\n"
        "    def call(self, x, training=False):\n        return self.d(x)\n" + driver
    )
    (d,) = lint(source, ["TF998"])
    assert d.preview == preview


@pytest.mark.parametrize(
    "source",
    [
        NESTED + "class L(keras.layers.Layer):\n    @tf.function(jit_compile=True)\n"
        "    def call(self, x):\n        return x\n",
        NESTED + "class L(keras.layers.Layer):\n    def call(self, x):\n        return x\n"
        "    @tf.function\n    def serve(self, x):\n        return self(x)\n",
        NESTED
        + "class L(tf.Module):\n    @tf.function\n    def call(self, x):\n        return x\n",
    ],
)
def test_no_tf_function_on_keras_method_finding(source):
    assert rule_ids(source, ["TF998"]) == []


def test_rules_in_preview_are_shown_only_with_preview(tmp_path):
    path = tmp_path / "layer.py"
    path.write_text(
        NESTED + "class L(keras.layers.Layer):\n    @tf.function\n    def call(self, x):\n"
        "        return x\n"
    )
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    hidden = run_cli("check", "--no-cache", "--select", "TF998", str(path), cwd=tmp_path)
    shown = run_cli(
        "check", "--no-cache", "--preview", "--select", "TF998", str(path), cwd=tmp_path
    )
    assert hidden.returncode == 0 and shown.returncode == 1 and "TF998" in shown.stdout


# TF996, checked under TF 2.21 with Keras 3 (`tf2lint verify --rules TF996`): predict inside a
# tf.function raises AttributeError in Keras's data adapter.
@pytest.mark.parametrize(
    "body, expected",
    [
        ("@tf.function\ndef f(x):\n    return model.predict(x)\n", ["TF996"]),
        (
            "class M(tf.keras.Model):\n    def call(self, x):\n        return x\n"
            "    @tf.function\n    def score(self, x):\n        return self.evaluate(x, x)\n",
            ["TF996"],
        ),
        # a model every call passes in
        (
            "@tf.function\ndef f(m, x):\n    return m.predict(x)\nf(model, tf.ones([1, 2]))\n",
            ["TF996"],
        ),
        # the model called in the graph; predict in eager code; predict of something else
        ("@tf.function\ndef f(x):\n    return model(x, training=False)\n", []),
        ("def f(x):\n    return model.predict(x)\n", []),
        ("@tf.function\ndef f(x, estimator):\n    return estimator.predict(x)\n", []),
    ],
)
def test_keras_loop_in_traced_code(body, expected):
    source = (
        "import tensorflow as tf\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n" + body
    )
    assert [d.rule for d in lint(source, ["TF996"])] == expected


TRACED_SOLVER = """
import tensorflow as tf


class Solver:
    def __init__(self, x0):
        self.x = tf.constant(x0)
{extra}
    @tf.function
    def step(self, target):
        {body}
        return tf.reduce_sum(self.x)
"""


def test_a_tensor_iterate_read_then_rebound_in_a_traced_step_is_a_stale_capture():
    # the step captures the tensor __init__ made and starts from it on every call (1.5, 1.5,
    # 1.5 under TF 2.21); the store itself is TF301's leak
    source = TRACED_SOLVER.format(extra="", body="self.x = self.x - 0.5 * (self.x - target)")
    found = lint(source, ["TF907", "TF301"])
    assert [(d.rule, d.line, d.column, d.category) for d in found] == [
        ("TF301", 11, 9, "leaked-tensor"),
        ("TF907", 11, 18, "stale-capture"),
    ]
    assert "`__init__` sets `self.x` to a tensor here" in " ".join(
        s.message for s in found[1].evidence.value
    )


def test_a_traced_step_that_sets_the_tensor_before_reading_it_captures_nothing_stale():
    source = TRACED_SOLVER.format(
        extra="", body="self.x = tf.zeros_like(target)\n        self.x = self.x + target"
    )
    assert [d.rule for d in lint(source, ["TF907"])] == []


# TF929: a traced accessor returning a variable.
ACCESSOR = (
    "import tensorflow as tf\n"
    "class Counter(tf.Module):\n"
    "    def __init__(self):\n"
    "        self.steps = tf.Variable(0)\n"
    "    @tf.function\n"
    "    def variable(self):\n"
    "        return self.steps\n"
    "counter = Counter()\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("counter.variable().assign_add(1)\n", ["TF929"]),
        ("v = counter.variable()\nv.assign(3)\n", ["TF929"]),
        # reading the value is what a tensor copy gives
        ("print(counter.variable().numpy())\n", []),
        ("v = counter.variable()\nprint(v + 1)\n", []),
    ],
)
def test_variable_returned_from_traced_function(use, expected):
    assert rule_ids(ACCESSOR + use, ["TF929"]) == expected


# TF924: a tf.data transformation written as a statement.
PIPELINE = (
    "import tensorflow as tf\n"
    "def augment(x):\n    return x * 2\n"
    "dataset = tf.data.Dataset.from_tensor_slices([1.0, 2.0])\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("dataset.map(augment)\n", ["TF924"]),
        ("dataset.shuffle(10).batch(2)\n", ["TF924"]),
        ("def load(ds):\n    ds.prefetch(1)\n    return ds\n", ["TF924"]),
        ("dataset = dataset.map(augment)\n", []),  # kept
        ("for x in dataset.map(augment):\n    print(x)\n", []),  # used
        ("items = [1]\nitems.map = len\nitems.map(augment)\n", []),  # not a dataset
        ("dataset.save('/tmp/ds')\n", []),  # returns no dataset: an action, not a transformation
    ],
)
def test_dataset_transformation_discarded(use, expected):
    assert rule_ids(PIPELINE + use, ["TF924"]) == expected


def test_a_notebook_cell_shows_its_top_level_dataset_expression(tmp_path):
    """In a notebook a top-level `ds.batch(3)` may end its cell, which displays it: not
    reported there; in a function it is thrown away as in a script."""
    cells = [PIPELINE, "dataset.batch(3)\n", "def load(ds):\n    ds.prefetch(1)\n    return ds\n"]
    notebook = {
        "cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": c} for c in cells],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "pipeline.ipynb"
    path.write_text(json.dumps(notebook))
    result = run_cli("check", "--select", "TF924", "--output-format", "json", str(path))
    found = [(d["code"], d["cell"]) for d in json.loads(result.stdout)]
    assert found == [("TF924", 3)]
    assert [d.rule for d in lint("".join(cells), ["TF924"], path="script.py")] == ["TF924"] * 2


# TF930: a per-element function given to `Dataset.apply`.
APPLIED = """
import tensorflow as tf


@tf.function
def expand(x):
    return tf.expand_dims(x, axis=1)


def normalize(image):
    return image / 255.0


def first(element):
    return element[0]


def batched(ds):
    return ds.filter(lambda x: x > 0).batch(8)


ds = tf.data.Dataset.range(4)
"""


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("ds = ds.apply(expand)\n", ["TF930"]),  # handed to a TensorFlow op
        ("ds = ds.apply(normalize)\n", ["TF930"]),  # computed with
        ("ds = ds.apply(first)\n", ["TF930"]),  # indexed
        ("ds = ds.apply(transformation_func=lambda x: tf.cast(x, tf.float32))\n", ["TF930"]),
        ("ds = ds.apply(batched)\n", []),  # a dataset transformation
        ("ds = ds.apply(tf.data.experimental.assert_cardinality(4))\n", []),
        ("ds = ds.map(expand)\n", []),
        ("df = load_frame()\ndf = df.apply(normalize)\n", []),  # a pandas frame's apply
    ],
)
def test_element_function_given_to_apply(use, expected):
    assert rule_ids(APPLIED + use, ["TF930"]) == expected


def test_which_dataset_methods_hand_their_function_the_dataset_come_from_tf_data():
    from tf2lint.analysis import knowledge

    assert knowledge.dataset_function_takes("apply") == {"transformation_func": ["dataset"]}
    assert knowledge.dataset_function_takes("map") == {"map_func": ["element"]}


# TF926: `shuffle` after `batch`.
@pytest.mark.parametrize(
    ("pipeline", "expected"),
    [
        ("train = ds.batch(32).shuffle(1000)\n", ["TF926"]),
        ("train = ds.map(f).batch(32)\ntrain = train.shuffle(100).prefetch(1)\n", ["TF926"]),
        ("train = ds.shuffle(1000).batch(32)\n", []),
        ("train = ds.shuffle(1000).batch(32).shuffle(10)\n", []),  # examples shuffled first
        ("train = ds.padded_batch(32).shuffle(10)\n", []),  # length buckets, on purpose
        ("train = ds.batch(4).shuffle(10).unbatch()\n", []),  # blocks shuffled on purpose
        ("train = frame.batch(4).shuffle(10)\n", []),  # not a dataset
        ("seqs = ds.batch(101)\ntrain = seqs.map(f).shuffle(10).batch(4)\n", []),  # chunks
        ("train = ds.batch(1).shuffle(200)\n", []),  # batches of one: the elements shuffled
        ("BATCH = 1\ntrain = ds.batch(batch_size=BATCH).shuffle(200)\n", []),
        ("BATCH = 2\ntrain = ds.batch(BATCH).shuffle(200)\n", ["TF926"]),
    ],
)
def test_shuffle_after_batch(pipeline, expected):
    source = "import tensorflow as tf\nds = tf.data.Dataset.range(100)\nframe = load()\n"
    assert rule_ids(source + pipeline, ["TF926"]) == expected


# TF926 in a function that rebinds its dataset name: the read sees the last binding before it.
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "    ds = tf.data.Dataset.range(9)\n    ds = ds.batch(2)\n    ds = ds.shuffle(9)\n",
            ["TF926"],
        ),
        ("    ds = ds.map(f).batch(2).shuffle(9)\n", ["TF926"]),  # the read inside its own value
        ("    ds = ds.batch(2)\n    if training:\n        ds = ds.shuffle(9)\n", ["TF926"]),
        ("    ds = ds.shuffle(9)\n    ds = ds.batch(2)\n    ds = ds.prefetch(1)\n", []),
        ("    if training:\n        ds = ds.shuffle(9)\n    ds = ds.batch(2)\n", []),
    ],
)
def test_shuffle_after_batch_rebound_in_function(body, expected):
    source = "import tensorflow as tf\n\n\ndef pipeline(ds, f, training):\n" + body
    assert rule_ids(source + "    return ds\n", ["TF926"]) == expected


# TF927: a reshuffling dataset split with take and skip.
@pytest.mark.parametrize(
    ("pipeline", "expected"),
    [
        ("ds = ds.shuffle(100)\ntrain = ds.take(80)\ntest = ds.skip(80)\n", ["TF927"]),
        (
            "s = ds.shuffle(100, seed=1)\ntrain = s.take(80).batch(8)\nval = s.skip(80).take(10)\n",
            ["TF927"],
        ),
        (
            "ds = ds.shuffle(100, reshuffle_each_iteration=False)\n"
            "train = ds.take(80)\ntest = ds.skip(80)\n",
            [],
        ),
        ("train = ds.take(80).shuffle(80)\ntest = ds.skip(80)\n", []),  # split, then shuffled
        ("ds = ds.shuffle(100).cache()\ntrain = ds.take(80)\ntest = ds.skip(80)\n", []),
        ("ds = ds.shuffle(100)\ntest = ds.skip(80)\n", []),  # no take: one part
        ("s = ds.shuffle(100)\nfor x in s.skip(60).take(5):\n    pass\n", []),  # a window
        ("s = ds.shuffle(100)\nw = s.skip(60)\nlast = w.take(5)\n", []),  # one part, named
        (
            "ds = ds.shuffle(100)\ntest = ds.take(25)\nval = ds.skip(25).take(7)\n"
            "train = ds.skip(32)\n",
            ["TF927", "TF927"],
        ),
    ],
)
def test_reshuffled_dataset_split(pipeline, expected):
    source = "import tensorflow as tf\nds = tf.data.Dataset.range(100)\n"
    assert rule_ids(source + pipeline, ["TF927"]) == expected


@pytest.mark.tensorflow
def test_a_decorated_keras_call_run_eagerly_retraces_for_shapes_and_flags_under_tensorflow():
    # TF998's default form, run: one observation and a batch, each with both training values
    import numpy as np
    import tensorflow as tf

    traces: list[int] = []

    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(2)

        @tf.function
        def call(self, x, training=False):
            traces.append(1)
            return self.d(x)

    net = Net()
    for _ in range(5):
        for size in (1, 32):
            for training in (False, True):
                net(np.ones((size, 4), "float32"), training=training)
    # the body ran only while tracing: once per (shape, flag) pair, not on each of the 20 calls
    assert len(traces) == 4


# TF940: the function given to `flat_map`/`interleave` returns tensors, not a dataset
# (tensorflow/tensorflow#17415; TF 2.21: AttributeError while the pipeline is built).
FLAT = """
import tensorflow as tf


def doubled(x):
    return x * 2


def pair(x):
    return x, x + 1


def as_dataset(x):
    return tf.data.Dataset.from_tensors(x)


ds = tf.data.Dataset.range(4)
"""


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("ds = ds.flat_map(doubled)\n", ["TF940"]),  # arithmetic
        ("ds = ds.interleave(pair, cycle_length=2)\n", ["TF940"]),  # a tuple
        ("ds = ds.flat_map(lambda x: tf.cast(x, tf.float32))\n", ["TF940"]),  # a TF op's tensor
        ("ds = ds.flat_map(as_dataset)\n", []),
        ("ds = ds.flat_map(lambda x: tf.data.Dataset.from_tensor_slices([x, x]))\n", []),
        # a windowed dataset's elements are datasets: returning one is right
        ("ds = ds.window(2).flat_map(lambda w: w.batch(2))\n", []),
        ("ds = ds.window(2).flat_map(lambda w: w)\n", []),
        ("ds = ds.map(doubled)\n", []),
        ("rdd = load_rdd()\nrdd = rdd.flat_map(doubled)\n", []),  # not a tf.data dataset
    ],
)
def test_dataset_function_returns_element(use, expected):
    assert rule_ids(FLAT + use, ["TF940"]) == expected


def test_which_dataset_functions_must_return_datasets_come_from_tf_data():
    from tf2lint.analysis import knowledge

    assert knowledge.dataset_function_returns_dataset("flat_map", "map_func")
    assert knowledge.dataset_function_returns_dataset("interleave", "map_func")
    assert not knowledge.dataset_function_returns_dataset("map", "map_func")


# TF932: a tf.function method called on an object nothing keeps (TF 2.21: AttributeError on None).
TEMPORARY = """
import tensorflow as tf

class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @tf.function
    def apply(self, x):
        return x * self.factor

    @tf.function
    def double(self, x):
        return x * 2.0

class Doubler(Scaler):
    pass
"""


@pytest.mark.parametrize(
    "call, expected",
    [
        ("Scaler(2.0).apply(tf.constant(3.0))", ["TF932"]),
        ("Doubler(2.0).apply(tf.constant(3.0))", ["TF932"]),  # a base's method
        ("scaler = Scaler(2.0)\nscaler.apply(tf.constant(3.0))", []),
        ("Scaler(2.0).double(tf.constant(3.0))", []),  # never reads `self`
    ],
)
def test_a_traced_method_on_an_object_nothing_keeps_is_found(call, expected):
    assert rule_ids(TEMPORARY + call + "\n", ["TF932"]) == expected


# TF933: a Python condition on a tensor in code compiled with autograph=False.
AUTOGRAPH_OFF = """
import tensorflow as tf
import keras

def u_value(t_in, t_out):
    delta = t_in - t_out
    if delta > 0:
        return delta
    return t_out
"""


@pytest.mark.parametrize(
    "source, expected",
    [
        # called from a Lambda layer's function with slices of its input
        (
            AUTOGRAPH_OFF + "heat = tf.function(u_value, autograph=False)\n"
            "inputs = keras.Input((2,))\n"
            "out = keras.layers.Lambda(lambda x: heat(x[:, 0], x[:, 1]))(inputs)\n",
            ["TF933"],
        ),
        # a callee of a decorated function given to a Lambda layer
        (
            AUTOGRAPH_OFF + "@tf.function(autograph=False)\ndef f(x):\n"
            "    return u_value(x[:, 0], x[:, 1])\n"
            "out = keras.layers.Lambda(f)(keras.Input((2,)))\n",
            ["TF933"],
        ),
        # a TF op's value
        (
            "import tensorflow as tf\n@tf.function(autograph=False)\ndef f(x):\n"
            "    if tf.reduce_sum(x) > 0:\n        return x\n    return -x\n",
            ["TF933"],
        ),
        # AutoGraph on: converted
        (
            AUTOGRAPH_OFF + "heat = tf.function(u_value)\n"
            "out = keras.layers.Lambda(lambda x: heat(x[:, 0], x[:, 1]))(keras.Input((2,)))\n",
            [],
        ),
        # a Python flag is Python's
        (
            "import tensorflow as tf\n@tf.function(autograph=False)\ndef f(x, training):\n"
            "    if training:\n        return x\n    return -x\nf(tf.ones(2), True)\n",
            [],
        ),
    ],
)
def test_tensor_control_flow_under_autograph_false_is_found(source, expected):
    assert rule_ids(source, ["TF933"]) == expected


def test_tf933_reports_the_setting_and_tf808_the_condition():
    source = (
        "import tensorflow as tf\n@tf.function(autograph=False)\ndef f(x):\n"
        "    if tf.reduce_sum(x) > 0:\n        return x\n    while tf.reduce_sum(x) > 0:\n"
        "        x = x - 1.0\n    return -x\n"
    )
    found = [(d.rule, d.line) for d in lint(source, ["TF808", "TF933"])]
    assert sorted(found) == [("TF808", 4), ("TF808", 6), ("TF933", 2)]


LOGITS_MODEL = (
    "import tensorflow as tf\nfrom tensorflow import keras\nfrom tensorflow.keras import layers\n"
)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # a Sequential ending in a Dense without activation, a string loss
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(16, activation='relu'), "
            "layers.Dense(3)])\nm.compile('adam', loss='categorical_crossentropy')\n",
            ["TF934"],
        ),
        # a functional model built in a function, a loss object without from_logits
        (
            LOGITS_MODEL + "def build():\n    i = keras.Input((8,))\n"
            "    o = layers.Dense(3)(layers.Dense(8, activation='relu')(i))\n"
            "    return keras.Model(i, o)\n"
            "m = build()\nm.compile('adam', loss=keras.losses.SparseCategoricalCrossentropy())\n",
            ["TF934"],
        ),
        # `add` calls, `activation=None`, a binary loss
        (
            LOGITS_MODEL + "m = keras.Sequential()\nm.add(layers.Dense(8))\n"
            "m.add(layers.Dense(1, activation=None))\nm.compile('adam', 'binary_crossentropy')\n",
            ["TF934"],
        ),
        # a custom loop: the loss object and the loss function on the model's logits
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4)])\n"
            "loss_fn = keras.losses.SparseCategoricalCrossentropy()\n"
            "def step(x, y):\n    logits = m(x)\n    a = loss_fn(y, logits)\n"
            "    b = keras.losses.sparse_categorical_crossentropy(y, logits)\n    return a + b\n",
            ["TF934", "TF934"],
        ),
        # a Model subclass whose call returns its Dense layer's output
        (
            LOGITS_MODEL + "class Net(keras.Model):\n    def __init__(self):\n"
            "        super().__init__()\n        self.dense = layers.Dense(10)\n"
            "    def call(self, x):\n        return self.dense(x)\n"
            "net = Net()\nnet.compile('adam', 'sparse_categorical_crossentropy')\n",
            ["TF934"],
        ),
        # its own train_step: a loss object kept on `self`, given `self(x)`
        (
            LOGITS_MODEL + "class Net(keras.Model):\n    def __init__(self):\n"
            "        super().__init__()\n        self.dense = layers.Dense(10)\n"
            "        self.loss_fn = keras.losses.SparseCategoricalCrossentropy()\n"
            "    def call(self, x):\n        return self.dense(x)\n"
            "    def train_step(self, data):\n        x, y = data\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = self.loss_fn(y, self(x, training=True))\n"
            "        return {'loss': loss}\n",
            ["TF934"],
        ),
        # the same with a softmax on its last layer
        (
            LOGITS_MODEL + "class Net(keras.Model):\n    def __init__(self):\n"
            "        super().__init__()\n        self.dense = layers.Dense(10, 'softmax')\n"
            "        self.loss_fn = keras.losses.SparseCategoricalCrossentropy()\n"
            "    def call(self, x):\n        return self.dense(x)\n"
            "    def train_step(self, data):\n        x, y = data\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = self.loss_fn(y, self(x, training=True))\n"
            "        return {'loss': loss}\n",
            [],
        ),
        # told the logits are logits
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4)])\n"
            "m.compile('adam', keras.losses.SparseCategoricalCrossentropy(from_logits=True))\n"
            "def step(x, y):\n"
            "    return keras.losses.sparse_categorical_crossentropy(y, m(x), from_logits=True)\n",
            [],
        ),
        # an activation: positional, keyword, or a Softmax layer after the Dense
        (
            LOGITS_MODEL + "a = keras.Sequential([layers.Dense(4, 'softmax')])\n"
            "a.compile('adam', 'sparse_categorical_crossentropy')\n"
            "b = keras.Sequential([layers.Dense(4), layers.Softmax()])\n"
            "b.compile('adam', 'sparse_categorical_crossentropy')\n"
            "c = keras.Sequential([layers.Dense(1, activation='sigmoid')])\n"
            "c.compile('adam', 'binary_crossentropy')\n",
            [],
        ),
        # mixed precision's float32 cast after the softmax passes the probabilities on
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4), layers.Activation('softmax'),"
            " layers.Activation('linear', dtype='float32')])\n"
            "m.compile('adam', 'sparse_categorical_crossentropy')\n",
            [],
        ),
        # a loss that takes any real output; `from_logits` set from a name
        (
            LOGITS_MODEL + "flag = True\nm = keras.Sequential([layers.Dense(4)])\n"
            "m.compile('adam', 'mse')\n"
            "m.compile('adam', keras.losses.CategoricalCrossentropy(from_logits=flag))\n",
            [],
        ),
        # notebook cells rebuilding the same name: each `add` belongs to its own build
        (
            LOGITS_MODEL + "model = keras.Sequential()\nmodel.add(layers.Dense(4, 'softmax'))\n"
            "model.compile('adam', 'categorical_crossentropy')\n"
            "model = keras.Sequential()\nmodel.add(layers.Dense(1))\nmodel.compile('adam', 'mse')\n",
            [],
        ),
    ],
)
def test_probability_loss_given_logits(source, expected):
    assert rule_ids(source, ["TF934"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # a tf.nn loss given a softmax model's output
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4, activation='softmax')])\n"
            "def loss(x, y):\n    p = m(x)\n"
            "    return tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=p)\n",
            ["TF935"],
        ),
        # tf.nn.softmax / tf.sigmoid given to a logits loss, tf.nn or Keras from_logits=True
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4)])\n"
            "cce = keras.losses.CategoricalCrossentropy(from_logits=True)\n"
            "def loss(x, y):\n    a = cce(y, tf.nn.softmax(m(x)))\n"
            "    b = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=tf.sigmoid(m(x)))\n"
            "    return a + b\n",
            ["TF935", "TF935"],
        ),
        # a model ending in a Softmax layer, or an Activation layer's softmax
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4), layers.Softmax()])\n"
            "a = keras.Sequential([layers.Dense(4), layers.Activation('softmax')])\n"
            "def loss(x, y):\n"
            "    return tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=m(x)) + "
            "tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=a(x))\n",
            ["TF935", "TF935"],
        ),
        # the TF1 losses taking logits
        (
            "import tensorflow as tf\n"
            "def loss(y, z):\n    p = tf.nn.softmax(z)\n"
            "    return tf.compat.v1.losses.softmax_cross_entropy(onehot_labels=y, logits=p)\n",
            ["TF935"],
        ),
        # logits, a Keras activation a Keras loss undoes, a loss taking probabilities
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4)])\n"
            "s = keras.Sequential([layers.Dense(4, activation='softmax')])\n"
            "cce = keras.losses.CategoricalCrossentropy(from_logits=True)\n"
            "def loss(x, y):\n"
            "    a = tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=m(x))\n"
            "    b = cce(y, keras.activations.softmax(m(x))) + cce(y, s(x))\n"
            "    c = keras.losses.categorical_crossentropy(y, tf.nn.softmax(m(x)))\n"
            "    return a + b + c\n",
            [],
        ),
    ],
)
def test_logits_loss_given_probabilities(source, expected):
    assert rule_ids(source, ["TF935"]) == expected


# TF950: a `tf.while_loop` body's structure (checked under TF 2.21: ValueError for another
# length; TypeError eagerly for one bare value, and for one bare value and two loop variables
# everywhere)
WHILE = "import tensorflow as tf\ni = tf.constant(0)\n"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (WHILE + "r = tf.while_loop(lambda i: i < 10, lambda i: i + 1, [i])\n", ["TF950"]),
        (WHILE + "r = tf.while_loop(lambda i, s: i < 9, lambda i, s: (i + 1, s, s), (i, 0))\n",
         ["TF950"]),
        (WHILE + "def body(i, total):\n    return tf.add(i, 1)\n"
         "r = tf.while_loop(lambda i, t: i < 5, body, loop_vars=[i, 0])\n", ["TF950"]),
        # one value per loop variable, as a list or a tuple
        (WHILE + "r = tf.while_loop(lambda i: i < 10, lambda i: [i + 1], [i])\n", []),
        (WHILE + "r = tf.while_loop(lambda i, s: i < 9, lambda i, s: (i + 1, s + i), (i, 0))\n",
         []),
        # traced: a single loop variable takes one bare value back
        (WHILE + "@tf.function\ndef f():\n"
         "    return tf.while_loop(lambda i: i < 10, lambda i: i + 1, [tf.constant(0)])\n", []),
        # what the body returns is not shown: a call of the module's own, a sequence built
        (WHILE + "def step(i, s):\n    return i + 1, s\n"
         "r = tf.while_loop(lambda i, s: i < 9, lambda i, s: step(i, s), (i, 0))\n", []),
        (WHILE + "r = tf.while_loop(lambda *v: v[0] < 9, lambda *v: [v[0] + 1] + [v[1]], [i, 0])\n",
         []),
    ],
)  # fmt: skip
def test_while_loop_body_structure(source, expected):
    assert rule_ids(source, ["TF950"]) == expected


# TF936: `minimize` given a loss value (TF 2.21: tf-keras raises ValueError, a v1 optimizer
# RuntimeError outside a graph).
KERAS2 = "import numpy as np\nimport tensorflow as tf\nimport tf_keras\nv = tf.Variable(1.0)\n"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (KERAS2 + "opt = tf_keras.optimizers.SGD(0.1)\nopt.minimize(v * v, [v])\n", ["TF936"]),
        # `tf.keras` under TF_USE_LEGACY_KERAS=1; a loss computed by a tf.function called once
        (
            KERAS2 + "opt = tf.keras.optimizers.Adam()\n@tf.function\ndef cost():\n"
            "    return tf.reduce_sum(v * v)\nloss = cost()\nopt.minimize(loss, var_list=[v])\n",
            ["TF936"],
        ),
        # a NumPy number, a v1 optimizer eagerly
        (
            KERAS2 + "opt = tf.compat.v1.train.GradientDescentOptimizer(0.1)\n"
            "loss = np.sum(np.square([1.0, 2.0]))\nopt.minimize(loss, var_list=[v])\n",
            ["TF936"],
        ),
        # a callable, a tape, a function of the module that returns a callable
        (KERAS2 + "opt = tf_keras.optimizers.SGD(0.1)\nopt.minimize(lambda: v * v, [v])\n", []),
        (
            KERAS2 + "opt = tf_keras.optimizers.SGD(0.1)\nwith tf.GradientTape() as tape:\n"
            "    loss = v * v\nopt.minimize(loss, [v], tape=tape)\n",
            [],
        ),
        (
            KERAS2 + "opt = tf_keras.optimizers.SGD(0.1)\ndef make_loss():\n"
            "    return lambda: v * v\nopt.minimize(make_loss(), [v])\n",
            [],
        ),
        # a v1 optimizer in traced code: a graph, where a tensor loss is right
        (
            KERAS2 + "opt = tf.compat.v1.train.GradientDescentOptimizer(0.1)\n@tf.function\n"
            "def step():\n    opt.minimize(v * v, var_list=[v])\n",
            [],
        ),
        # Keras 3's own optimizers have no minimize: TF011's
        (KERAS2 + "import keras\nopt = keras.optimizers.SGD(0.1)\nopt.minimize(v * v, [v])\n", []),
        # an unknown receiver
        (KERAS2 + "def f(opt):\n    opt.minimize(v * v, [v])\n", []),
    ],
)
def test_minimize_given_a_loss_value(source, expected):
    assert rule_ids(source, ["TF936"]) == expected


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        # Keras 2's minimize(loss, var_list, tape=None): var_list is required (TypeError)
        ("step = opt.minimize(cost)", ["TF936"]),
        ("opt.minimize(lambda: v * v)", ["TF936"]),
        # a loss that takes data: minimize calls it with no arguments (TypeError)
        ("opt.minimize(fit_loss, var_list=[v])", ["TF936"]),
        ("opt.minimize(lambda: fit_loss(1.0, 2.0), var_list=[v])", []),
        ("opt.minimize(cost, [v])", []),
    ],
)
def test_minimize_without_var_list_or_with_a_loss_that_takes_data(call, expected):
    """TF 2.21, tf-keras: `minimize(loss)` raises "missing 1 required positional argument:
    'var_list'"; `minimize(loss_fn, var_list=...)` with `def loss_fn(x, y)` raises
    "loss() missing 2 required positional arguments"."""
    source = (
        KERAS2
        + "opt = tf_keras.optimizers.SGD(0.1)\n"
        + "def cost():\n    return v * v\n"
        + "def fit_loss(x, y):\n    return (v * x - y) ** 2\n"
        + call
        + "\n"
    )
    assert rule_ids(source, ["TF936"]) == expected


# TF937: a TF2 strategy's reduce without axis (TF 2.21: TypeError, missing 'axis').
STRATEGY = "import tensorflow as tf\n"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            STRATEGY + "s = tf.distribute.MirroredStrategy()\n"
            "s.reduce(tf.distribute.ReduceOp.SUM, s.run(f))\n",
            ["TF937"],
        ),
        (STRATEGY + "tf.distribute.get_strategy().reduce('MEAN', x)\n", ["TF937"]),
        # the receiver unknown, a ReduceOp the only TF2 reduce takes
        (
            STRATEGY + "def step(strategy, x):\n    return strategy.reduce("
            "tf.distribute.ReduceOp.SUM, x)\n",
            ["TF937"],
        ),
        (
            STRATEGY + "s = tf.distribute.MirroredStrategy()\n"
            "s.reduce(tf.distribute.ReduceOp.SUM, x, axis=None)\n",
            [],
        ),
        (STRATEGY + "s = tf.distribute.OneDeviceStrategy('/cpu:0')\ns.reduce('SUM', x, 0)\n", []),
        # v1 strategies default axis to None
        (
            STRATEGY + "s = tf.compat.v1.distribute.MirroredStrategy()\n"
            "s.reduce(tf.distribute.ReduceOp.SUM, x)\n",
            [],
        ),
        # not a strategy: functools.reduce, a dataset's reduce
        (STRATEGY + "import functools\nfunctools.reduce(f, xs)\nds.reduce(0, f)\n", []),
    ],
)
def test_strategy_reduce_without_axis(source, expected):
    assert rule_ids(source, ["TF937"]) == expected


# TF938: a tf.function method read through its class, exported as a signature.
ENCODER = (
    "import tensorflow as tf\nclass Encoder(tf.Module):\n"
    "    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "    def __call__(self, x):\n        return x\n"
    "    @tf.function\n    def plain(self, x):\n        return x\n"
    "    @staticmethod\n    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "    def static(x):\n        return x\n"
    "enc = Encoder()\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("tf.saved_model.save(enc, 'p', signatures=Encoder.__call__)", ["TF938"]),
        (
            "tf.saved_model.save(enc, 'p', signatures=Encoder.__call__.get_concrete_function())",
            ["TF938"],
        ),
        (
            "tf.saved_model.save(enc, 'p', signatures={'serving_default': Encoder.__call__})",
            ["TF938"],
        ),
        ("tf.saved_model.save(enc, 'p', signatures=enc.__call__)", []),
        ("enc.__call__.get_concrete_function()", []),
        ("Encoder.static.get_concrete_function()", []),
        ("Encoder.plain.get_concrete_function(enc, tf.TensorSpec([None]))", []),
    ],
)
def test_unbound_method_as_signature(use, expected):
    assert rule_ids(ENCODER + use + "\n", ["TF938"]) == expected


# TF939: a Sequence with on_epoch_end read through from_generator.
SEQUENCE = (
    "import numpy as np\nimport tensorflow as tf\n"
    "class Batches(tf.keras.utils.Sequence):\n"
    "    def __init__(self):\n        self.order = np.arange(8)\n        self.on_epoch_end()\n"
    "    def __len__(self):\n        return 2\n"
    "    def __getitem__(self, i):\n        return self.order[i * 4:(i + 1) * 4]\n"
    "    def on_epoch_end(self):\n        np.random.shuffle(self.order)\n"
    "seq = Batches()\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        (
            "ds = tf.data.Dataset.from_generator(lambda: (seq[i] for i in range(len(seq))), "
            "output_types=tf.int64)\n",
            ["TF939"],
        ),
        ("ds = tf.data.Dataset.from_generator(seq.__iter__, output_types=tf.int64)\n", ["TF939"]),
        (
            "def gen():\n    for i in range(len(seq)):\n        yield seq[i]\n"
            "ds = tf.data.Dataset.from_generator(gen, output_types=tf.int64)\n",
            ["TF939"],
        ),
        # the generator calls the hook itself
        (
            "def gen():\n    for i in range(len(seq)):\n        yield seq[i]\n"
            "    seq.on_epoch_end()\n"
            "ds = tf.data.Dataset.from_generator(gen, output_types=tf.int64)\n",
            [],
        ),
        ("model.fit(seq, epochs=3)\n", []),
    ],
)
def test_sequence_epoch_hook_bypassed_by_from_generator(use, expected):
    assert rule_ids(SEQUENCE + use, ["TF939"]) == expected


def test_a_sequence_without_an_epoch_hook_is_not_reported():
    source = SEQUENCE.replace("np.random.shuffle(self.order)", "pass")
    use = "ds = tf.data.Dataset.from_generator(seq.__iter__, output_types=tf.int64)\n"
    assert rule_ids(source + use, ["TF939"]) == []


# TF941: from_generator's callable hands back one iterator made beforehand.
STREAM = (
    "import tensorflow as tf\ndef batches(n):\n    for i in range(n):\n        yield i\n"
    "data = [1, 2, 3]\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        (
            "g = batches(3)\nds = tf.data.Dataset.from_generator(lambda: g, output_types=tf.int32)\n",
            ["TF941"],
        ),
        (
            "it = iter(data)\nds = tf.data.Dataset.from_generator(lambda: it, output_types=tf.int32)\n",
            ["TF941"],
        ),
        (
            "g = (x for x in data)\ndef gen():\n    yield from g\n"
            "ds = tf.data.Dataset.from_generator(gen, output_types=tf.int32)\n",
            ["TF941"],
        ),
        (
            "z = zip(data, data)\ndef gen():\n    for a, b in z:\n        yield a + b\n"
            "ds = tf.data.Dataset.from_generator(gen, output_types=tf.int32)\n",
            ["TF941"],
        ),
        # fresh for each pass
        ("ds = tf.data.Dataset.from_generator(lambda: batches(3), output_types=tf.int32)\n", []),
        ("ds = tf.data.Dataset.from_generator(lambda: iter(data), output_types=tf.int32)\n", []),
        ("ds = tf.data.Dataset.from_generator(batches, args=(3,), output_types=tf.int32)\n", []),
        (
            "def gen():\n    for x in data:\n        yield x\n"
            "ds = tf.data.Dataset.from_generator(gen, output_types=tf.int32)\n",
            [],
        ),
        (
            "import itertools\nc = itertools.cycle(data)\n"
            "ds = tf.data.Dataset.from_generator(lambda: c, output_types=tf.int32)\n",
            [],
        ),
    ],
)
def test_from_generator_shared_iterator(use, expected):
    assert rule_ids(STREAM + use, ["TF941"]) == expected


def test_a_v1_optimizer_in_graph_mode_code_is_not_reported():
    # placeholders and sessions: the program runs the v1 optimizer in a graph
    source = (
        KERAS2 + "x = tf.compat.v1.placeholder(tf.float32, [None])\n"
        "objective = tf.reduce_mean(x * v)\n"
        "train_op = tf.compat.v1.train.AdamOptimizer(1e-2).minimize(objective)\n"
    )
    assert rule_ids(source, ["TF936"]) == []
    keras2 = source.replace("tf.compat.v1.train.AdamOptimizer", "tf_keras.optimizers.Adam")
    assert rule_ids(keras2, ["TF936"]) == ["TF936"]  # Keras 2's raises in a graph too


# TF942: a signature function (or TFLite signature runner) called with positional arguments.
LOADED = "import tensorflow as tf\nloaded = tf.saved_model.load('exported')\n"


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("out = loaded.signatures['serving_default'](a, b)\n", ["TF942"]),
        ("out = loaded.signatures.get('serving_default')(a, b)\n", ["TF942"]),
        ("infer = loaded.signatures['serving_default']\nout = infer(a, b)\n", ["TF942"]),
        ("sigs = loaded.signatures\nout = sigs['serving_default'](a, b)\n", ["TF942"]),
        (
            "class Server:\n    def __init__(self):\n"
            "        self.fn = loaded.signatures['serving_default']\n"
            "    def __call__(self, a, b):\n        return self.fn(a, b)\n",
            ["TF942"],
        ),
        (
            "interp = tf.lite.Interpreter(model_path='m.tflite')\n"
            "runner = interp.get_signature_runner()\nout = runner(x)\n",
            ["TF942"],
        ),
        # one positional argument: a one-input signature takes it
        ("out = loaded.signatures['serving_default'](a)\n", []),
        ("out = loaded.signatures['serving_default'](a=a, b=b)\n", []),
        ("out = loaded.signatures['serving_default'](*inputs)\n", []),
        (
            "interp = tf.lite.Interpreter(model_path='m.tflite')\n"
            "runner = interp.get_signature_runner()\nout = runner(x=x)\n",
            [],
        ),
        # a name that may hold something else
        (
            "infer = loaded.signatures['serving_default'] if keyed else loaded\nout = infer(a, b)\n",
            [],
        ),
    ],
)
def test_signature_called_with_positional_arguments(use, expected):
    assert rule_ids(LOADED + use, ["TF942"]) == expected


# TF943: a tf.function without an input_signature given as a SavedModel signature.
ADDER = (
    "import tensorflow as tf\nclass Adder(tf.Module):\n    @tf.function\n"
    "    def add(self, x):\n        return x + x\n"
    "    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])\n"
    "    def add_spec(self, x):\n        return x + x\n"
    "    def export(self, path):\n        tf.saved_model.save(self, path, signatures=self.add)\n"
    "def plain(x):\n    return x\nmodel = Adder()\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        ("", ["TF943"]),  # `signatures=self.add` in the class
        ("tf.saved_model.save(model, 'p', signatures=model.add)\n", ["TF943", "TF943"]),
        (
            "tf.saved_model.save(model, 'p', signatures={'serving_default': model.add})\n",
            ["TF943", "TF943"],
        ),
        ("tf.saved_model.save(model, 'p', signatures=tf.function(plain))\n", ["TF943", "TF943"]),
        (
            "served = tf.function(plain)\ntf.saved_model.save(model, 'p', signatures=served)\n",
            ["TF943", "TF943"],
        ),
        # an input signature, or a concrete function
        ("tf.saved_model.save(model, 'p', signatures=model.add_spec)\n", ["TF943"]),
        (
            "tf.saved_model.save(model, 'p', "
            "signatures=model.add.get_concrete_function(tf.TensorSpec([])))\n",
            ["TF943"],
        ),
        (
            "tf.saved_model.save(model, 'p', signatures=tf.function(plain, "
            "input_signature=[tf.TensorSpec([])]))\n",
            ["TF943"],
        ),
    ],
)
def test_signature_without_input_signature(use, expected):
    assert rule_ids(ADDER + use, ["TF943"]) == expected


# TF946: a Keras model made outside strategy.scope() and compiled inside it.
STRATEGY = (
    "import keras\nimport tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\n"
    "def build():\n    return keras.Sequential([keras.layers.Dense(1)])\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        (
            "model = keras.Sequential([keras.layers.Dense(1)])\nwith strategy.scope():\n"
            "    model.compile(optimizer='adam', loss='mse')\n",
            ["TF946"],
        ),
        (
            "model = build()\nwith strategy.scope():\n"
            "    model.compile(optimizer='adam', loss='mse')\n",
            ["TF946"],
        ),
        # made inside the scope, compiled outside any, or another context manager
        (
            "with strategy.scope():\n    model = build()\n"
            "    model.compile(optimizer='adam', loss='mse')\n",
            [],
        ),
        ("model = build()\nmodel.compile(optimizer='adam', loss='mse')\n", []),
        (
            "model = build()\nwith tf.device('/cpu:0'):\n"
            "    model.compile(optimizer='adam', loss='mse')\n",
            [],
        ),
        (
            "def train(model):\n    with strategy.scope():\n"
            "        model.compile(optimizer='adam', loss='mse')\n",
            [],
        ),
        # a custom loop: the optimizer made inside the scope, the model outside it
        (
            "model = build()\nwith strategy.scope():\n    opt = keras.optimizers.SGD(0.1)\n"
            "def step(x):\n    with tf.GradientTape() as tape:\n"
            "        loss = tf.reduce_sum(model(x))\n"
            "    grads = tape.gradient(loss, model.trainable_variables)\n"
            "    opt.apply_gradients(zip(grads, model.trainable_variables))\n",
            ["TF946"],
        ),
        (
            "with strategy.scope():\n    model = build()\n    opt = keras.optimizers.SGD(0.1)\n"
            "def step(grads):\n"
            "    opt.apply_gradients(zip(grads, model.trainable_variables))\n",
            [],
        ),
    ],
)
def test_model_made_outside_strategy_scope(use, expected):
    assert rule_ids(STRATEGY + use, ["TF946"]) == expected


# TF947: a tf.function never traced before the save, called on the loaded SavedModel.
NORMALIZER = (
    "import tensorflow as tf\nclass Norm(tf.Module):\n    @tf.function\n"
    "    def normalize(self, x):\n        return x * 2\n"
    "    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "    def scale(self, x):\n        return x * 3\n"
    "norm = Norm()\n"
)


@pytest.mark.parametrize(
    ("use", "expected"),
    [
        (
            "tf.saved_model.save(norm, 'p')\nrestored = tf.saved_model.load('p')\n"
            "restored.normalize(tf.ones([2]))\n",
            ["TF947"],
        ),
        # traced before the save, an input signature, or nothing of the class saved
        (
            "norm.normalize(tf.ones([2]))\ntf.saved_model.save(norm, 'p')\n"
            "restored = tf.saved_model.load('p')\nrestored.normalize(tf.ones([2]))\n",
            [],
        ),
        (
            "norm.normalize.get_concrete_function(tf.TensorSpec([None]))\n"
            "tf.saved_model.save(norm, 'p')\nrestored = tf.saved_model.load('p')\n"
            "restored.normalize(tf.ones([2]))\n",
            [],
        ),
        (
            "tf.saved_model.save(norm, 'p')\nrestored = tf.saved_model.load('p')\n"
            "restored.scale(tf.ones([2]))\n",
            [],
        ),
        ("restored = tf.saved_model.load('p')\nrestored.normalize(tf.ones([2]))\n", []),
    ],
)
def test_untraced_function_called_after_load(use, expected):
    assert rule_ids(NORMALIZER + use, ["TF947"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("ds = tf.data.Dataset.range(9).window(3)\nds = ds.shuffle(4).batch(2)\n", ["TF948"]),
        ("model.fit(tf.data.Dataset.range(9).window(3), epochs=1)\n", ["TF948"]),
        (
            "ds = tf.data.Dataset.from_tensor_slices((x, y)).window(2, 1, True)\n"
            "ds = ds.flat_map(lambda window: window.batch(2))\n",
            ["TF948"],
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices({'a': x}).window(3)\n"
            "ds = ds.flat_map(lambda w: w.batch(3))\n",
            ["TF948"],
        ),
        # flattened first; one parameter per component; elements of unknown structure
        (
            "ds = tf.data.Dataset.range(9).window(3)\n"
            "ds = ds.flat_map(lambda w: w.batch(3)).batch(2)\n",
            [],
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices((x, y)).window(2, 1, True)\n"
            "ds = ds.flat_map(lambda a, b: tf.data.Dataset.zip((a.batch(2), b.batch(2))))\n",
            [],
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices(x).window(3).flat_map(lambda w: w.batch(3))\n",
            [],
        ),
    ],
)
def test_window_not_flattened(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF948"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "col = tf.data.Dataset.from_tensor_slices(x).map(f)\ntf.keras.layers.Dense(2)(col)\n",
            ["TF949"],
        ),
        (
            "ds = tf.data.Dataset.range(3)\nlookup = tf.keras.layers.StringLookup()\nlookup(ds)\n",
            ["TF949"],
        ),
        # mapped over the elements; a tensor; a value named like a dataset but not shown to be one
        ("ds = tf.data.Dataset.range(3)\nlayer = tf.keras.layers.Dense(2)\nds.map(layer)\n", []),
        ("tf.keras.layers.Dense(2)(tf.ones([1, 3]))\n", []),
        ("def f(dataset):\n    return tf.keras.layers.Dense(2)(dataset)\n", []),
    ],
)
def test_keras_called_on_dataset(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF949"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(32)\n"
            "model.fit(ds, epochs=3, validation_split=0.2)\n",
            ["TF965"],
        ),
        (
            "train = tf.keras.utils.image_dataset_from_directory('d')\n"
            "model.fit(x=train, validation_split=0.1)\n",
            ["TF965"],
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices(x).batch(32)\nmodel.fit(ds, y, epochs=3)\n",
            ["TF965"],
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(32)\n"
            "model.evaluate(ds, sample_weight=w)\n",
            ["TF965"],
        ),
        # arrays; no split; a parameter named like a dataset; a split of 0; `y=None`
        ("model.fit(x, y, validation_split=0.2, sample_weight=w)\n", []),
        ("ds = tf.data.Dataset.range(3)\nmodel.evaluate(ds, y=None)\n", []),
        ("ds = tf.data.Dataset.range(3)\nmodel.fit(ds, validation_data=val)\n", []),
        ("def train(dataset):\n    model.fit(dataset, validation_split=0.2)\n", []),
        ("ds = tf.data.Dataset.range(3)\nmodel.fit(ds, validation_split=0.0)\n", []),
    ],
)
def test_array_argument_with_dataset(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF965"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "image = tf.image.resize(image, [224, 224])\n"
            "image = tf.image.convert_image_dtype(image, tf.float32)\n",
            ["TF967"],
        ),
        (
            "x = tf.cast(img, tf.float32)\ny = tf.image.convert_image_dtype(x, dtype='float32')\n",
            ["TF967"],
        ),
        ("y = tf.image.convert_image_dtype(tf.image.resize(img, [8, 8]), tf.float16)\n", ["TF967"]),
        # an integer image; a nearest-neighbour resize keeps the dtype; converted to an integer
        ("y = tf.image.convert_image_dtype(tf.io.decode_png(data), tf.float32)\n", []),
        (
            "x = tf.image.resize(img, [8, 8], method='nearest')\n"
            "y = tf.image.convert_image_dtype(x, tf.float32)\n",
            [],
        ),
        ("x = tf.image.resize(img, [8, 8])\ny = tf.image.convert_image_dtype(x, tf.uint8)\n", []),
        ("x = tf.cast(img, tf.uint8)\ny = tf.image.convert_image_dtype(x, tf.float32)\n", []),
    ],
)
def test_convert_image_dtype_on_float_image(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF967"]) == expected


# --- TF960-TF962 -------------------------------------------------------------------------------


def test_padded_batch_is_reported_only_over_ragged_slices():
    source = """
        import tensorflow as tf
        ragged = tf.ragged.constant([[1, 2], [3]])
        flat = tf.ragged.constant([1, 2, 3])
        bad = tf.data.Dataset.from_tensor_slices((ragged, [0, 1])).repeat().padded_batch(2)
        dense = tf.data.Dataset.from_tensor_slices(flat).padded_batch(2)
        mapped = tf.data.Dataset.from_tensor_slices(ragged).map(lambda x: x.to_tensor())
        fine = mapped.padded_batch(2)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF960"])] == [("TF960", 5)]


def test_timeseries_targets_are_reported_only_when_not_offset():
    source = """
        import keras
        a = keras.utils.timeseries_dataset_from_array(series, series, sequence_length=5)
        b = keras.utils.timeseries_dataset_from_array(data, targets=data[:, 0], sequence_length=5)
        c = keras.utils.timeseries_dataset_from_array(series[:-5], series[5:], sequence_length=5)
        d = keras.utils.timeseries_dataset_from_array(features, labels, sequence_length=5)
        e = keras.utils.timeseries_dataset_from_array(series, None, sequence_length=5)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF961"])] == [("TF961", 3), ("TF961", 4)]


def test_load_model_needs_the_saved_model_to_hold_an_unregistered_class_of_the_module():
    source = """
        import keras

        class Scale(keras.layers.Layer):
            def call(self, x):
                return x * 2

        def build():
            inputs = keras.Input((3,))
            return keras.Model(inputs, keras.layers.Dense(1)(Scale()(inputs)))

        def roundtrip():
            model = build()
            plain = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
            mine = keras.Sequential([keras.Input((3,)), Scale()])
            plain.save("plain.keras")
            mine.save("mine.keras")
            keras.models.load_model("plain.keras")
            return keras.models.load_model("mine.keras")
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF962"])] == [("TF962", 19)]
    registered = source.replace(
        "class Scale", "@keras.saving.register_keras_serializable()\n        class Scale"
    )
    assert lint(registered, ["TF962"]) == []
    folder = source.replace('"mine.keras"', '"saved/mine"')  # SavedModel: revived by Keras 2
    assert lint(folder, ["TF962"]) == []


def test_compile_given_a_loss_tensor_is_reported_at_the_op_that_made_it():
    source = """
        import tensorflow as tf
        model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
        error = tf.reduce_mean(model.output)
        model.compile(optimizer="adam", loss=error)
        model.compile("adam", tf.nn.l2_loss(model.output))
        model.compile(optimizer="adam", loss=tf.keras.losses.get("mse"))
        model.compile("adam", "mse")
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF963"])] == [("TF963", 4), ("TF963", 6)]


# --- TF968-TF973, TF927 over list_files ---------------------------------------------------------


def test_list_files_split_is_reported_unless_its_shuffle_is_off():
    source = """
        import tensorflow as tf
        files = tf.data.Dataset.list_files("data/*.csv", seed=1)
        val, train = files.take(10), files.skip(10)
        fixed = tf.data.Dataset.list_files("data/*.csv", shuffle=False)
        a, b = fixed.take(3), fixed.skip(3)
        ordered = tf.data.Dataset.list_files("data/*.csv", False)
        c, d = ordered.take(3), ordered.skip(3)
        """  # reported at `list_files`, the line to change
    assert [(d.rule, d.line) for d in lint(source, ["TF927"])] == [("TF927", 3)]


def test_assign_add_is_reported_on_a_slice_of_a_variable_only():
    source = """
        import tensorflow as tf
        import keras
        stats = tf.Variable(tf.zeros([4, 3]))
        stats[..., 0].assign_add(tf.ones([4]))
        stats[1].assign_sub(tf.ones([3]))
        stats[..., 0].assign(stats[..., 0] + 1.0)
        stats.assign_add(tf.ones([4, 3]))
        class Acc(keras.layers.Layer):
            def build(self, shape):
                self.total = self.add_weight(shape=(3,), initializer="zeros", trainable=False)
                self.parts = [tf.Variable(0.0), tf.Variable(1.0)]
            def call(self, x):
                self.total[0].assign_add(1.0)
                self.parts[0].assign_add(1.0)
                return x
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF968"])] == [
        ("TF968", 5),
        ("TF968", 6),
        ("TF968", 14),
    ]


@pytest.mark.parametrize(
    ("metrics", "keys", "expected"),
    [
        ('["accuracy"]', ['"acc"', '"val_acc"', '"accuracy"', '"loss"'], [4]),
        ('["acc"]', ['"val_accuracy"', '"accuracy"', '"acc"'], [4]),
        ('["accuracy", "acc"]', ['"acc"', '"accuracy"'], []),
        ('[keras.metrics.SparseCategoricalAccuracy(name="acc")]', ['"acc"'], []),
        ('["acc", keras.metrics.Accuracy()]', ['"accuracy"'], []),
        ("METRICS", ['"acc"'], []),  # not shown literally
    ],
)
def test_history_accuracy_key_must_repeat_the_compiled_name(metrics, keys, expected):
    lines = [
        "import keras",
        f"model.compile('adam', 'mse', metrics={metrics})",
        "h = model.fit(x, y)",
    ]
    lines += [f"print(h.history[{key}])" for key in keys]
    found = lint("\n".join(lines) + "\n", ["TF969"])
    assert [d.line for d in found] == expected


@pytest.mark.parametrize(
    ("metrics", "callback", "expected"),
    [
        ('["accuracy"]', 'keras.callbacks.EarlyStopping(monitor="val_acc")', [3]),
        ('["accuracy"]', 'keras.callbacks.ModelCheckpoint("m.keras", "val_acc")', [3]),
        ('["acc"]', 'keras.callbacks.ReduceLROnPlateau("val_accuracy", mode="max")', [3]),
        ('["accuracy"]', 'keras.callbacks.EarlyStopping(monitor="val_accuracy")', []),
        ('["accuracy"]', 'keras.callbacks.EarlyStopping(monitor="val_loss")', []),
        ("METRICS", 'keras.callbacks.EarlyStopping(monitor="val_acc")', []),
    ],
)
def test_callback_monitor_must_repeat_the_compiled_name(metrics, callback, expected):
    source = f"import keras\nmodel.compile('adam', 'mse', metrics={metrics})\nc = {callback}\n"
    assert [d.line for d in lint(source, ["TF969"])] == expected


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("model.fit(x, y)\n", [3]),
        ("norm.adapt(x)\nmodel.fit(x, y)\n", []),
        ("model.load_weights('w.h5')\nmodel.fit(x, y)\n", []),
        ("", []),  # not trained here
    ],
)
def test_normalization_is_reported_when_trained_without_adapt(extra, expected):
    source = (
        "import keras\n"
        "fixed = keras.layers.Normalization(mean=[0.0], variance=[1.0])\n"
        "norm = keras.layers.Normalization()\n"
        "model = keras.Sequential([norm, fixed, keras.layers.Dense(1)])\n" + extra
    )
    assert [d.line for d in lint(source, ["TF970"])] == expected


@pytest.mark.parametrize(
    ("layer", "load", "expected"),
    [
        ("Lambda(lambda x: x / 255.0)", "keras.models.model_from_json(model.to_json())", [3]),
        ("Lambda(lambda x: x / 255.0)", "keras.models.clone_model(model)", [3]),
        (
            "Lambda(lambda x: x / 255.0)",
            "model.save('m.keras'); keras.models.load_model('m.keras')",
            [3],
        ),
        (
            "Lambda(lambda x: x / 255.0)",
            "keras.models.load_model('other.keras')",
            [],
        ),  # nothing saved
        ("Lambda(lambda x: x / 255.0)", "keras.models.model_from_json(j, safe_mode=False)", []),
        ("Lambda(scale)", "keras.models.model_from_json(model.to_json())", []),
        ("Rescaling(1 / 255.0)", "keras.models.clone_model(model)", []),
    ],
)
def test_lambda_layer_with_python_lambda_rebuilt_from_config(layer, load, expected):
    source = (
        "import keras\n"
        f"model = keras.Sequential([keras.layers.{layer}, keras.layers.Dense(1)])\n"
        f"{load}\n"
    )
    assert [d.line for d in lint(source, ["TF971"])] == [2] * len(expected)


def test_lambda_layer_that_enters_no_model_is_not_reported():
    # a demonstration layer called on an eager tensor is never saved; one in a model, or
    # called on a Keras input, is
    source = """
        import numpy as np
        import tensorflow as tf
        from tensorflow.keras import layers
        x = tf.constant(np.zeros((4, 7), "float32"))
        demo = layers.Lambda(lambda x: tf.expand_dims(x, axis=1))
        print(demo(x).shape)
        shared = layers.Lambda(lambda x: x * 2)
        inputs = tf.keras.Input((7,))
        model = tf.keras.Model(inputs, shared(inputs))
        model.save("m.keras")
        model = tf.keras.models.load_model("m.keras")
        """
    assert [d.line for d in lint(source, ["TF971"])] == [8]


def test_per_file_op_mapped_after_batch_is_reported():
    source = """
        import tensorflow as tf
        def load(path):
            return tf.io.decode_jpeg(tf.io.read_file(path), channels=3)
        def load_batch(paths):
            return tf.map_fn(load, paths, fn_output_signature=tf.uint8)
        def scale(images):
            return tf.cast(images, tf.float32) / 255.0
        paths = tf.data.Dataset.list_files("imgs/*.jpg")
        bad = paths.batch(32).map(load)
        batched = paths.shuffle(100).batch(8).prefetch(2)
        bad2 = batched.map(lambda p: tf.io.read_file(p))
        good = paths.map(load).batch(32).map(scale)
        good2 = paths.batch(32).map(load_batch)
        good3 = paths.batch(4).unbatch().map(load)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF972"])] == [("TF972", 10), ("TF972", 12)]


def test_sparse_to_dense_is_reported_on_fixed_len_features_only():
    source = """
        import tensorflow as tf
        SPEC = {"x": tf.io.FixedLenFeature([3], tf.float32), "y": tf.io.FixedLenFeature([], tf.int64)}
        MIXED = {"x": tf.io.FixedLenFeature([3], tf.float32), "t": tf.io.VarLenFeature(tf.int64)}
        def parse(record):
            features = tf.io.parse_single_example(record, SPEC)
            return {k: tf.sparse.to_dense(v) for k, v in features.items()}
        def parse2(record):
            features = tf.io.parse_single_example(record, SPEC)
            return tf.sparse.to_dense(features["x"]), features["y"]
        def parse3(record):
            features = tf.io.parse_single_example(record, MIXED)
            return tf.sparse.to_dense(features["t"])
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF973"])] == [("TF973", 7), ("TF973", 10)]


def test_list_files_split_is_reported_through_a_fixed_shuffle():
    source = """
        import tensorflow as tf
        files = tf.data.Dataset.list_files("data/*/*")
        files = files.shuffle(100, reshuffle_each_iteration=False)
        train, val = files.skip(20), files.take(20)
        ordered = tf.data.Dataset.list_files("data/*/*", shuffle=False)
        ordered = ordered.shuffle(100, reshuffle_each_iteration=False)
        a, b = ordered.skip(20), ordered.take(20)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF927"])] == [("TF927", 3)]


def test_sparse_to_dense_follows_specs_built_by_comprehension_or_filled():
    source = """
        import tensorflow as tf
        COLUMNS = ["age", "income"]
        SPEC = {c: tf.io.FixedLenFeature([1], tf.float32) for c in COLUMNS}
        FILLED = {}
        for c in COLUMNS:
            FILLED[c] = tf.io.FixedLenFeature([], tf.float32)
        MIXED = {}
        MIXED["age"] = tf.io.FixedLenFeature([], tf.float32)
        MIXED["tags"] = tf.io.VarLenFeature(tf.string)
        def parse(serialized):
            parsed = tf.io.parse_example(serialized, features=SPEC)
            for key in parsed:
                parsed[key] = tf.sparse.to_dense(parsed[key])
            filled = tf.io.parse_single_example(serialized, FILLED)
            mixed = tf.io.parse_single_example(serialized, MIXED)
            return tf.sparse.to_dense(filled["age"]), tf.sparse.to_dense(mixed["tags"])
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF973"])] == [("TF973", 14), ("TF973", 17)]


def test_history_key_and_lambda_layer_are_reported_once_per_module():
    source = """
        import keras
        model = keras.Sequential([keras.layers.Lambda(lambda x: x * 2), keras.layers.Dense(1)])
        model.compile("adam", "mse", metrics=["accuracy"])
        history = model.fit(x, y)
        plt.plot(history.history["acc"])
        plt.plot(history.history["val_acc"])
        a = keras.models.model_from_json(model.to_json())
        b = keras.models.clone_model(model)
        """
    found = [(d.rule, d.line) for d in lint(source, ["TF969", "TF971"])]
    assert sorted(found) == [("TF969", 6), ("TF971", 3)]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "return tf.reduce_mean(tf.sqrt(tf.reduce_sum(tf.square(y_true - y_pred), axis=-1)))",
            True,
        ),
        ("d = y_true - y_pred\n    return tf.sqrt(tf.reduce_sum(d ** 2, axis=1))", True),
        (
            "a = tf.square(y_true[:, 0] - y_pred[:, 0])\n    b = tf.square(y_true[:, 1] - y_pred[:, 1])\n"
            "    return tf.sqrt(a + b)",
            True,
        ),
        ("return tf.norm(y_true - y_pred, axis=-1)", True),
        ("return tf.norm(y_true - y_pred)", False),  # one norm of the whole batch
        ("return tf.sqrt(tf.reduce_mean(tf.square(y_true - y_pred)))", False),  # an RMSE
        (
            "return tf.sqrt(tf.maximum(tf.reduce_sum(tf.square(y_true - y_pred), axis=-1), 1e-12))",
            False,
        ),
        ("return tf.sqrt(tf.reduce_sum(tf.square(y_true - y_pred), axis=-1) + 1e-12)", False),
    ],
)
def test_sqrt_of_a_per_sample_squared_distance_in_a_loss(body, expected):
    source = (
        "import tensorflow as tf\n"
        "def distance(y_true, y_pred):\n"
        f"    {body}\n"
        "def unused(y_true, y_pred):\n"
        "    return tf.sqrt(tf.reduce_sum(tf.square(y_true - y_pred), axis=-1))\n"
        "model.compile('adam', loss=distance)\n"
    )
    assert bool(lint(source, ["TF974"])) is expected


def test_sqrt_of_a_distance_in_a_lambda_layer_is_reported():
    source = """
        import keras
        from keras import backend as K
        def euclidean_distance(features):
            x, y = features
            return K.sqrt(K.sum(K.square(x - y), axis=1, keepdims=True))
        distance = keras.layers.Lambda(euclidean_distance)([left, right])
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF974"])] == [("TF974", 6)]


def test_sparse_to_dense_follows_a_helper_parameter():
    source = """
        import tensorflow as tf
        SPEC = {"a": tf.io.FixedLenFeature([], tf.float32)}
        def densify(t):
            return tf.sparse.to_dense(t, default_value=0.0)
        def parse(record):
            parsed = tf.io.parse_single_example(record, SPEC)
            return {k: densify(v) for k, v in parsed.items()}
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF973"])] == [("TF973", 5)]


def test_sqrt_of_per_sample_mse_and_subtract_in_a_loss():
    source = """
        import tensorflow as tf
        def rmse_loss(y_true, y_pred):
            return tf.sqrt(tf.keras.losses.mean_squared_error(y_true, y_pred))
        def sub_loss(y_true, y_pred):
            return tf.sqrt(tf.reduce_sum(tf.pow(tf.subtract(y_true, y_pred), 2), axis=-1))
        model.compile("adam", loss=rmse_loss)
        model.compile("adam", loss=sub_loss)
        """
    assert [(d.rule, d.line) for d in lint(source, ["TF974"])] == [("TF974", 4), ("TF974", 6)]


def test_sparse_to_dense_behind_a_type_check_is_left_alone():
    source = """
        import tensorflow as tf
        SPEC = {"a": tf.io.FixedLenFeature([], tf.float32)}
        def densify(t):
            if isinstance(t, tf.SparseTensor):
                return tf.sparse.to_dense(t)
            return t
        def parse(record):
            parsed = tf.io.parse_single_example(record, SPEC)
            return {k: densify(v) for k, v in parsed.items()}
        """
    assert lint(source, ["TF973"]) == []


@pytest.mark.parametrize(
    "body",
    [
        "d = y_true - y_pred\n    return tf.sqrt(tf.reduce_sum(d * d, axis=-1))",
        "return tf.norm(y_true - y_pred, ord='euclidean', axis=-1)",
        "return tf.math.reduce_euclidean_norm(y_true - y_pred, axis=1)",
    ],
)
def test_more_spellings_of_a_per_sample_distance_in_a_loss(body):
    source = (
        "import tensorflow as tf\n"
        "def make_loss():\n"
        "  def distance(y_true, y_pred):\n"
        f"    {body}\n"
        "  return distance\n"
        "loss_fn = make_loss()\n"
        "model.compile('adam', loss=loss_fn)\n"
    )
    assert len(lint(source, ["TF974"])) == 1


# --- TF976 call-signature-mismatch ---------------------------------------------------------------

# Each form TF976 flags, with what TF 2.21 / Keras 3 raise when it runs (proved by
# test_call_signature_mismatch_forms_raise, in a fresh interpreter).
TF976_FORMS = {
    'keras.layers.Conv2D(16, 3, activaton="relu")': "Unrecognized keyword arguments",
    "keras.layers.Dense(1, lr=0.1)": "Unrecognized keyword arguments",
    'keras.callbacks.ModelCheckpoint("/tmp/tf976.keras", montior="val_loss")': "unexpected keyword",
    "tf.keras.layers.Dense(unit=3)": "",  # Keras 3's tf.keras
    "keras.callbacks.EarlyStopping(patient=3)": "unexpected keyword",
    "keras.optimizers.Adam(learning_rat=0.1)": "not recognized",
    "tf.reduce_mean(x, axes=1)": "unexpected keyword",
    "tf.transpose(x, 0, 3, 1, 2)": "Too many arguments",
    "tf.expand_dims(x, 0, 1, 2)": "Too many arguments",
    "keras.layers.Reshape(7, 7, 64)": "positional arguments",
    'keras.Sequential([], "n", True, 1)': "positional arguments",
    # methods of an object whose kind the model knows
    'model.compile(optimizer="adam", loss="mse", metric=["mae"])': "unexpected keyword",
    "model.fit(x, x, epoch=3)": "unexpected keyword",
    "model.build()": "missing 1 required",
    "seq.add()": "missing 1 required",
    "ds.batch()": "missing 1 required",
    'ds.batch(32, True, None, None, "b", 1)': "positional arguments",
    "tape.gradient(loss)": "missing 1 required",
    "tape.watch(v, v)": "positional arguments",
    # a required argument left out
    "tf.reshape(x)": "Missing required",
    "keras.layers.Dense()": "missing 1 required",
    "keras.layers.Conv2D(32)": "missing 1 required",
    "tf.keras.layers.Embedding(1000)": "missing 1 required",
    "keras.layers.AveragePooling2D()": "missing 1 required",  # Keras 2 defaulted it
}
TF976_PRELUDE = (
    "import keras\nimport numpy as np\nimport tensorflow as tf\nx = np.zeros((2, 4, 4, 3))\n"
    "inputs = keras.Input((4,))\nmodel = keras.Model(inputs, keras.layers.Dense(2)(inputs))\n"
    "seq = keras.Sequential()\nds = tf.data.Dataset.from_tensor_slices(x)\nv = tf.Variable(1.0)\n"
    "with tf.GradientTape() as tape:\n    loss = v * 2.0\n"
)


@pytest.mark.parametrize("form", sorted(TF976_FORMS))
def test_call_signature_mismatch_reports_form(form):
    assert rule_ids(TF976_PRELUDE + f"y = {form}\n", ["TF976"]) == ["TF976"]


def test_call_signature_mismatch_forms_raise():
    """Every form above fails under the installed TensorFlow and Keras (TypeError or, for a
    Keras layer's or optimizer's checked **kwargs, ValueError)."""
    pytest.importorskip("tensorflow")
    program = TF976_PRELUDE + textwrap.dedent(
        f"""
        for form, says in {TF976_FORMS!r}.items():
            try:
                eval(form)
            except (TypeError, ValueError) as error:
                assert says in str(error), (form, error)
            else:
                raise SystemExit("ran: " + form)
        print("all raised")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=600
    )
    assert "all raised" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.parametrize(
    "source",
    [
        # keywords the callable takes, through its bases' **kwargs (Layer's input_shape, name)
        'keras.layers.Dense(8, activation="relu", input_shape=(4,), name="d")',
        "tf.reshape(x, (-1, 48))",
        # unpacking: what it passes is not known
        "keras.layers.Dense(**config)",
        "tf.transpose(*args)",
        # a callable whose **kwargs nothing checks: only its positional arguments are judged
        "keras.Model(inputs=a, outputs=b, nme='m')",
        # keywords another rule owns: Keras 3 removed them (TF012, TF008), TF1's (TF102)
        "keras.optimizers.Adam(lr=0.1)",
        "tf.reduce_sum(x, keep_dims=True)",
        # not TensorFlow's: a local class of the same name
        "Dense(8, activaton='relu')",
        # an exercise's blanks: `...` for an argument, a comment in empty parentheses
        "keras.layers.Embedding(...)",
        "tape.gradient(...)",
        "seq.add(\n    # TODO: your layer here\n)",
        # a method of an object of unknown kind, or a method the table does not judge
        "thing.fit(x, epoch=3)",
        "model.fit(x, x, epochs=3, **options)",
        "v.assign(2.0, use_lock=True)",  # a subclass of tf.Variable takes **kwargs
        # Keras 3 took `name` off apply_gradients: TF012's finding
        "keras.optimizers.Adam().apply_gradients(grads, model.trainable_variables)",
    ],
)
def test_call_signature_mismatch_quiet(source):
    prelude = TF976_PRELUDE + "class Dense:\n    def __init__(self, *a, **k): pass\n"
    assert rule_ids(prelude + f"y = {source}\n", ["TF976"]) == []


def test_call_signature_mismatch_quiet_with_tf_keras():
    """A module that uses tf_keras has Keras 2's signatures, which the table does not hold."""
    source = "import tf_keras as keras\nkeras.layers.Dense(8, foo=1)\n"
    assert rule_ids(source, ["TF976"]) == []


def test_call_signature_mismatch_method_of_user_subclass():
    """A subclass that defines the method has its own signature; one that inherits it has
    Keras's; one with a base the module does not show may get it from that base."""
    source = TF976_PRELUDE + (
        "from helpers import Mixin\n"
        "class Net(keras.Model):\n    def compile(self, opt, extra):\n"
        "        super().compile(optimizer=opt, metric=extra)\n"
        "class Mixed(Mixin, keras.Model):\n    pass\n"
        "net = Net()\nnet.compile(1, 2)\nMixed().fit(x, epoch=3)\n"
    )
    assert rule_ids(source, ["TF976"]) == []
    inherited = TF976_PRELUDE + "class Net(keras.Model):\n    pass\nNet().fit(x, epoch=3)\n"
    assert rule_ids(inherited, ["TF976"]) == ["TF976"]


def test_call_signature_mismatch_tf_keras_method():
    """A tf-keras model's methods are tf-keras's: its Sequential.fit takes no `epoch=`."""
    source = "import numpy as np\nimport tf_keras\nm = tf_keras.Sequential()\nm.fit(np.zeros(2), epoch=1)\n"
    assert rule_ids(source, ["TF976"]) == ["TF976"]
    pytest.importorskip("tf_keras")
    done = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, timeout=600
    )
    assert "unexpected keyword argument 'epoch'" in done.stderr, done.stderr[-2000:]


def test_call_signature_mismatch_defers_to_keras3_rule():
    """Keras 3's removed keyword is TF012's finding, not also TF976's."""
    source = "import keras\nkeras.layers.LSTM(8, time_major=True)\n"
    assert rule_ids(source, ["TF012", "TF976"]) == ["TF012"]


def test_committed_api_signatures_match_installed_packages():
    pytest.importorskip("keras")
    script = ROOT / "scripts" / "generate_api_signatures.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # the class Accuracy on a softmax model, a sigmoid model, logits
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4, activation='softmax')])\n"
            "m.compile('adam', 'categorical_crossentropy', metrics=[keras.metrics.Accuracy()])\n"
            "b = keras.Sequential([layers.Dense(1, activation='sigmoid')])\n"
            "b.compile(loss='binary_crossentropy', metrics=['mae', tf.keras.metrics.Accuracy()])\n",
            ["TF993", "TF993"],
        ),
        # the string, the categorical classes, a model the module does not show
        (
            LOGITS_MODEL + "m = keras.Sequential([layers.Dense(4, activation='softmax')])\n"
            "m.compile('adam', 'categorical_crossentropy', metrics=['accuracy'])\n"
            "m.compile('adam', 'categorical_crossentropy',\n"
            "          metrics=[keras.metrics.CategoricalAccuracy()])\n"
            "def build(model):\n"
            "    model.compile('adam', 'mse', metrics=[keras.metrics.Accuracy()])\n",
            [],
        ),
    ],
)
def test_exact_accuracy_metric_on_scores(source, expected):
    assert rule_ids(source, ["TF993"]) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # predictions first, by the conventions' names: Keras, tf_keras's backend, tf.nn
        (
            LOGITS_MODEL + "import tf_keras\nK = tf_keras.backend\n"
            "def vad_loss(y_true, y_pred):\n"
            "    return keras.losses.binary_crossentropy(y_pred, y_true)\n"
            "def loss2(output, target):\n    return K.binary_crossentropy(output, target)\n"
            "def loss3(logits, labels):\n"
            "    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=logits, logits=labels)\n"
            "def loss4(logits, y):\n"
            "    return tf.nn.sparse_softmax_cross_entropy_with_logits(logits, y)\n",
            ["TF994", "TF994", "TF994", "TF994"],
        ),
        # the right order; names that say nothing; a symmetric loss
        (
            LOGITS_MODEL + "def a(y_true, y_pred):\n"
            "    return keras.losses.binary_crossentropy(y_true, y_pred)\n"
            "def b(p, q):\n    return keras.losses.binary_crossentropy(p, q)\n"
            "def c(y_true, y_pred):\n    return keras.losses.mean_squared_error(y_pred, y_true)\n"
            "def d(logits, labels):\n"
            "    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)\n",
            [],
        ),
    ],
)
def test_loss_arguments_swapped(source, expected):
    assert rule_ids(source, ["TF994"]) == expected


CLONE = """
import numpy as np
import keras

x = np.random.rand(8, 4)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
model.compile("adam", "mse")
{before}
copy = keras.models.clone_model(model)
{after}
"""


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ("model.fit(x, x[:, :1])", "copy.predict(x)", ["TF987"]),
        ("model.load_weights('w.weights.h5')", "copy.save('copy.keras')", ["TF987"]),
        ("model.fit(x, x[:, :1])", "y = copy(x)", ["TF987"]),
        # the weights copied, the clone trained, the original never trained before the clone
        ("model.fit(x, x[:, :1])", "copy.set_weights(model.get_weights())\ncopy.predict(x)", []),
        ("model.fit(x, x[:, :1])", "copy.compile('adam', 'mse')\ncopy.fit(x, x[:, :1])", []),
        ("", "copy.predict(x)\nmodel.fit(x, x[:, :1])", []),
    ],
)
def test_clone_model_of_a_trained_model_used_without_its_weights(before, after, expected):
    """TF 2.21: clone_model gives fresh weights; the clone's predictions differ."""
    source = CLONE.format(before=before, after=after)
    assert rule_ids(source, ["TF987"]) == expected


NESTED_MODEL = """
import keras

base_in = keras.Input((8, 8, 3))
conv = keras.layers.Conv2D(4, 3, name="conv")(base_in)
base = keras.Model(base_in, keras.layers.GlobalAveragePooling2D()(conv), name="base")
inputs = keras.Input((8, 8, 3))
model = keras.Model(inputs, keras.layers.Dense(2)(base(inputs)))
{code}
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "keras.Model(model.inputs, [model.get_layer('base').get_layer('conv').output,"
            " model.output])",
            ["TF988"],
        ),
        (
            "inner = model.layers[1]\nout = inner.get_layer('conv').output\n"
            "keras.Model(model.input, out)",
            ["TF988"],
        ),
        # the nested model's own input; a layer of the outer model itself
        ("keras.Model(base.input, base.get_layer('conv').output)", []),
        ("keras.Model(model.inputs, model.layers[-1].output)", []),
        # an outer model built on the nested model's own input: its inner outputs connect
        (
            "outer = keras.Model(base.input, keras.layers.Dense(2)(base.output))\n"
            "keras.Model(outer.input, outer.layers[1].get_layer('conv').output)",
            [],
        ),
    ],
)
def test_nested_model_output_with_outer_input(code, expected):
    """TF 2.21: ValueError "not connected to inputs" (Keras 3), "Graph disconnected"
    (tf-keras)."""
    assert rule_ids(NESTED_MODEL.format(code=code), ["TF988"]) == expected


@pytest.mark.parametrize(
    ("last", "loss", "expected"),
    [
        ('keras.layers.Dense(1, activation="relu")', '"binary_crossentropy"', [("TF934", 6)]),
        (
            "keras.layers.Dense(3, activation=tf.nn.relu)",
            '"categorical_crossentropy"',
            [("TF934", 6)],
        ),
        ('keras.layers.Dense(1, activation="sigmoid")', '"binary_crossentropy"', []),
        ('keras.layers.Dense(1, activation="relu")', '"mse"', []),
        (
            'keras.layers.Dense(1, activation="relu")',
            "keras.losses.BinaryCrossentropy(from_logits=True)",
            [],
        ),
    ],
)
def test_relu_output_given_to_a_probability_loss(last, loss, expected):
    """TF 2.21: a threshold classifier ending in Dense(1, relu) with binary_crossentropy stays
    near chance for some initialisations (seed 0: accuracy <= 0.9; a sigmoid > 0.9)."""
    source = (
        "import tensorflow as tf\nimport keras\nmodel = keras.Sequential([\n"
        '    keras.Input((4,)),\n    keras.layers.Dense(8, activation="relu"),\n'
        f"    {last},\n])\nmodel.compile(optimizer='adam', loss={loss})\n"
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF934"])] == expected


def test_relu_layer_followed_by_added_layers_is_not_the_output():
    source = (
        "import keras\nmodel = keras.Sequential([\n"
        '    keras.Input((4,)),\n    keras.layers.Dense(8, activation="relu"),\n])\n'
        'model.add(keras.layers.Dense(1, activation="sigmoid"))\n'
        "model.compile(optimizer='adam', loss='binary_crossentropy')\n"
    )
    assert rule_ids(source, ["TF934"]) == []


LAYERS = """
import tensorflow as tf
from tensorflow.keras import layers

a = tf.keras.Input((8, 8, 3))
b = tf.keras.Input((8, 8, 3))
conv = layers.Conv2D(4, 3)
h = conv(a)


def block(x):
    return layers.MaxPooling2D(2)(x)


{code}
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("y = layers.GlobalMaxPooling2D(h)", ["TF995"]),
        ("y = block(a)\ny = layers.Flatten(y)", ["TF995"]),
        ("y = layers.GlobalAveragePooling2D()(conv)", ["TF995"]),
        ("y = layers.Concatenate(axis=-1)(a, b)", ["TF995"]),
        ("y = layers.concatenate(a, b)", ["TF995"]),
        (
            "def branch(w):\n    return tf.keras.Sequential([layers.Dense(w)])\n"
            "y = layers.concatenate([branch(w) for w in (2, 3)])",
            ["TF995"],
        ),
        ("y = layers.Concatenate()([conv, layers.Dense(2)])", ["TF995"]),
        ("y = layers.concatenate([block(a), block(b)])", []),
        # right: construct then call, a list to the merge layer, a layer's output
        ("y = layers.GlobalMaxPooling2D()(h)", []),
        ("y = layers.Concatenate()([a, b])", []),
        ("y = layers.concatenate([a, b], -1)", []),
        ("y = layers.GlobalAveragePooling2D()(conv.output)", []),
        ("y = layers.Dense(64)(h)", []),
        ("y = layers.Dense(len(b.shape))", []),
    ],
)
def test_layer_construction_and_call_confused(code, expected):
    """TF 2.21, Keras 3 and tf-keras: each reported form raises while the model is built."""
    assert rule_ids(LAYERS.format(code=code), ["TF995"]) == expected

"""TF601-TF602: Python values frozen into a graph at trace time."""

from __future__ import annotations

import pytest

from conftest import lint, rule_ids

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

"""TF201-TF203: Python side effects inside traced code."""

from __future__ import annotations

import pytest

from conftest import lint, rule_ids


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

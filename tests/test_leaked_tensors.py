"""TF301: tensors leaking out of traced code."""

from __future__ import annotations

import pytest

from conftest import rule_ids


@pytest.mark.parametrize(
    "source",
    [
        "cache = None\n@tf.function\ndef f(x):\n    global cache\n    cache = tf.square(x)\n",
        "out = []\n@tf.function\ndef f(x):\n    out.append(x * 2.0)\n",
        "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        self.last = tf.nn.relu(x)\n",
        "class L(tf.keras.layers.Layer):\n    def call(self, x):\n        y = tf.matmul(x, x)\n        self.attn = y\n        return y\n",
        # the tf.function guide's "All outputs of a tf.function must be return values": a
        # tensor leaked through a global, even if it is also returned, or into an outer list
        # or another object
        "x = None\n@tf.function\ndef leaky(a):\n    global x\n    x = a + 1\n    return a + 2\n",
        "x = None\n@tf.function\ndef leaky(a):\n    global x\n    x = a + 1\n    return x\n",
        "class Box:\n    def __init__(self):\n        self.field = None\nbox = Box()\n"
        "@tf.function\ndef leaky():\n    a = tf.constant(1)\n    box.field = a\n",
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

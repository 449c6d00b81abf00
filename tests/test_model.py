"""The semantic model: import aliases, traced functions in every spelling, call sites."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tf2lint.model import ModuleModel


def model_of(source: str) -> ModuleModel:
    return ModuleModel(cst.parse_module(textwrap.dedent(source)))


def traced(source: str) -> set[str]:
    return {f.qualname for f in model_of(source).functions if f.traced}


@pytest.mark.parametrize(
    "imports, expression, expected",
    [
        ("import tensorflow as tf", "tf.nn.relu", "tensorflow.nn.relu"),
        ("import tensorflow", "tensorflow.nn.relu", "tensorflow.nn.relu"),
        ("import tensorflow.compat.v1 as tf", "tf.Session", "tensorflow.compat.v1.Session"),
        ("import tensorflow.compat.v2 as tf", "tf.function", "tensorflow.function"),
        ("from tensorflow import keras", "keras.layers.Dense", "tensorflow.keras.layers.Dense"),
        ("from tensorflow.keras import layers", "layers.Dense", "tensorflow.keras.layers.Dense"),
        ("import keras", "keras.layers.Dense", "keras.layers.Dense"),
        ("from tensorflow import function as tff", "tff", "tensorflow.function"),
        ("import numpy as np", "np.mean", "numpy.mean"),
        ("", "print", "builtins.print"),
        ("", "undefined_name.x", None),
    ],
)
def test_qualified_names_follow_import_aliases(imports, expression, expected):
    model = model_of(imports + "\nx = 1\n")
    assert model.qualified_name(cst.parse_expression(expression)) == expected


def test_rebound_builtin_is_not_the_builtin():
    model = model_of("print = logger.info\n")
    assert model.qualified_name(cst.parse_expression("print")) is None


def test_every_spelling_of_tf_function_is_traced():
    assert traced(
        """
        import tensorflow as tf
        from tensorflow import function

        @tf.function
        def a(x): return x

        @tf.function(jit_compile=True)
        def b(x): return x

        @function
        def c(x): return x

        def d(x): return x
        d_fn = tf.function(d)

        def e(x): return x
        y = tf.function(e)(1)

        def plain(x): return x
        """
    ) == {"a", "b", "c", "d", "e"}


def test_keras_methods_dataset_functions_and_callees_are_traced():
    assert traced(
        """
        import tensorflow as tf

        def helper(x):
            return inner_helper(x)

        def inner_helper(x):
            return x

        class Block(tf.keras.layers.Layer):
            def build(self, shape): pass
            def call(self, x): return self.project(x)
            def project(self, x): return helper(x)

        class Net(tf.keras.Model):
            def train_step(self, data): return {}
            def summary_text(self): return ""

        class Deeper(Block):
            def call(self, x): return x

        def parse(record): return record
        ds = tf.data.TFRecordDataset(["a"]).map(parse)

        def eager_only(x): return x
        """
    ) == {
        "Block.call",
        "Block.project",
        "helper",
        "inner_helper",
        "Net.train_step",
        "Deeper.call",
        "parse",
    }


def test_nested_functions_of_traced_code_are_traced_and_factories_are_not():
    found = traced(
        """
        import tensorflow as tf

        @tf.function
        def outer(x):
            def body(i): return i
            return tf.map_fn(body, x)

        def factory():
            @tf.function
            def step(x): return x
            return step
        """
    )
    assert found == {"outer", "outer.<locals>.body", "factory.<locals>.step"}


def test_call_sites_record_caller_and_loops():
    model = model_of(
        """
        import tensorflow as tf

        @tf.function
        def step(x): return x

        for i in range(3):
            step(i)
        step(1)
        """
    )
    sites = [(s.callee.name, s.caller, len(s.loops)) for s in model.call_sites]
    assert sites == [("step", None, 1), ("step", None, 0)]


@pytest.mark.parametrize(
    "body, expected",
    [
        ("return tf.matmul(x, x)", True),
        ("return x * 2.0", True),
        ("return x.shape[0]", False),
        ("return x.shape[0] * 2", False),
        ("return len(items)", False),
        ("y = tf.reduce_sum(x)\n    return y + 1", True),
        ("return 'name'", False),
        ("return tf.keras.layers.Dense(3)(x)", True),
        ("return x.numpy()", False),
    ],
)
def test_is_tensor(body, expected):
    model = model_of(
        f"""
import tensorflow as tf

@tf.function
def f(x, items=3):
    {body}
"""
    )
    fn = model.functions[0]
    ret = [s for s in fn.node.body.body][-1].body[0].value
    assert model.is_tensor(ret, fn) is expected

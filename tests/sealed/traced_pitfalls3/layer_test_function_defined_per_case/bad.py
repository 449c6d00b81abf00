# SOURCE: https://github.com/dynastes-team/dynastes/issues/4
# SYMPTOM: traces >= 6
# DESCRIPTION: a layer test helper defines its decorated test function inside the helper, and the helper is called once per test case in a loop, so every call traces a brand new function
"""Checking an attention layer's output shapes for several configurations."""

import tensorflow as tf

layer = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
x = tf.random.normal((2, 5, 8))


def test_layer(layer, x):
    @tf.function  # EXPECT: retracing/tf-function-defined-per-call
    def test_func(inputs):
        return layer(inputs, inputs)

    return test_func(x).shape


for case in range(6):
    shape = test_layer(layer, x)
print("shape", shape)

# SOURCE: https://github.com/choderalab/gimlet/issues/13
# SYMPTOM: traces >= 5
# DESCRIPTION: a hyperparameter search calls an init function once per trial, and init defines and calls a tf.function-decorated forward function inside its body, so every trial builds a new graph
"""A hyperparameter search over the width of a small GRU-like readout."""

import numpy as np
import tensorflow as tf

features = tf.constant(np.random.default_rng(0).random((16, 6)), dtype=tf.float32)


def init(units):
    kernel = tf.Variable(tf.random.normal((6, units), seed=1))
    readout = tf.Variable(tf.random.normal((units, 1), seed=2))

    @tf.function  # EXPECT: retracing/tf-function-defined-per-call
    def call(x):
        hidden = tf.nn.tanh(tf.matmul(x, kernel))
        return tf.reduce_mean(tf.matmul(hidden, readout))

    return float(call(features))


for units in [4, 4, 4, 4, 4, 4]:
    print("trial", units, round(init(units), 4))

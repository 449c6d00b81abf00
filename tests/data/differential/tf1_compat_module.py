"""TF1 code on tf.compat.v1, run eagerly: what tf2lint's fixes must keep computing the same
(tests/test_fix_differential.py runs every case before and after `--fix --unsafe-fixes`)."""

import os

import tensorflow.compat.v1 as tf


def cases(workdir):
    m = tf.constant([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
    img = tf.reshape(tf.range(1.0, 65.0), [2, 4, 4, 2])

    def variable():
        with tf.variable_scope("scope"):
            return tf.get_variable("w", [2], initializer=tf.constant_initializer(3.0))

    return {
        # TF1's where picks rows by a vector condition; TF2's broadcasts it
        "where": lambda: tf.where([True, False], tf.ones([2, 2]), tf.zeros([2, 2])),
        "cond": lambda: tf.cond(tf.constant(True), lambda: m, lambda: -m),
        # positional arguments TF2 binds to other parameters
        "argmax": lambda: tf.argmax(m, 1, "best"),
        "moments": lambda: tf.nn.moments(m, [0], None, "stats", True),
        "conv2d": lambda: tf.nn.conv2d(
            img, tf.ones([2, 2, 2, 3]), [1, 1, 1, 1], "SAME", True, "NHWC"
        ),
        "in_top_k": lambda: tf.nn.in_top_k(m, [2, 0], 1),
        "poisson": lambda: tf.random.poisson([1.0, 2.0], [2], seed=1),
        "shape": lambda: tf.shape(m, "shape"),
        "dropout": lambda: tf.nn.dropout(m, 0.5, seed=1),
        # keywords TF2 renamed
        "reduce_sum": lambda: tf.reduce_sum(m, reduction_indices=[1], keep_dims=True),
        "softmax": lambda: tf.nn.softmax(m, dim=0),
        "expand_dims": lambda: tf.expand_dims(m, dim=0),
        "squeeze": lambda: tf.squeeze(tf.ones([1, 2]), squeeze_dims=[0]),
        "dropout_keep_prob": lambda: tf.nn.dropout(m, keep_prob=0.5, seed=2),
        # renamed and TF1-only names
        "log": lambda: tf.log(m),
        "to_float": lambda: tf.to_float(tf.constant([1, 2])),
        "random_normal": lambda: tf.random_normal([2], seed=1),
        "gfile": lambda: tf.gfile.Exists(os.path.join(workdir, "missing")),
        "variable": variable,
        "constant_initializer": lambda: tf.constant_initializer(2.0, tf.float32),
        "zeros_initializer": lambda: tf.zeros_initializer(tf.float32),
        "module": lambda: tf.__name__,
    }

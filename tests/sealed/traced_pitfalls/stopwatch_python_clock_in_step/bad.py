# SOURCE: https://github.com/fomorians-oss/pyoneer/pull/33
# SYMPTOM: distinct "elapsed" < 2
# DESCRIPTION: a stopwatch context manager reads time.time() inside a tf.function, so the elapsed time is measured once, while tracing, and returned as a constant
"""Timing the body of a traced training step with a small stopwatch helper."""

import time

import tensorflow as tf


class Stopwatch:
    def __enter__(self):
        self.start = time.time()  # EXPECT: graph-incompatible/python-clock-in-traced-code
        return self

    def __exit__(self, *exc):
        self.duration = time.time() - self.start  # EXPECT: graph-incompatible/python-clock-in-traced-code


w = tf.Variable(tf.ones([64, 64]))


@tf.function
def step(x):
    with Stopwatch() as watch:
        x = tf.matmul(tf.matmul(x, w), w)
    return x, watch.duration


for i in range(3):
    _, elapsed = step(tf.random.normal([64, 64]))
    print("elapsed", float(elapsed))

# SOURCE: https://github.com/tensorflow/tensorflow/issues/31175
# SYMPTOM: traces >= 8
# DESCRIPTION: a traced epoch loop receives the model's step method as an argument; each attribute access makes a new bound-method object, so every call traces the whole loop again and memory grows
"""A custom model whose per-epoch loop is a tf.function over the dataset."""

import tensorflow as tf


class Model:
    def __init__(self):
        self.w = tf.Variable(1.0)

    def step(self, x):
        return x * self.w

    @tf.function
    def epoch(self, step_fn, data):
        total = tf.constant(0.0)
        for x in data:
            total += step_fn(x)
        return total


model = Model()
data = tf.data.Dataset.range(3).map(lambda v: tf.cast(v, tf.float32))
for epoch in range(4):
    print("epoch", epoch, float(model.epoch(model.step, data)))  # EXPECT: retracing/bound-method-argument-retraces

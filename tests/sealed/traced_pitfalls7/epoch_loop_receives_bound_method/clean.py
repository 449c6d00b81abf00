"""The fix: the traced loop calls the step method itself instead of receiving it."""

import tensorflow as tf


class Model:
    def __init__(self):
        self.w = tf.Variable(1.0)

    def step(self, x):
        return x * self.w

    @tf.function
    def epoch(self, data):
        total = tf.constant(0.0)
        for x in data:
            total += self.step(x)
        return total


model = Model()
data = tf.data.Dataset.range(3).map(lambda v: tf.cast(v, tf.float32))
for epoch in range(4):
    print("epoch", epoch, float(model.epoch(data)))

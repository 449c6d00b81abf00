"""The fix: the weight is created once, in build/__init__."""

import tensorflow as tf


class TestModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(2.0)

    def call(self, x):
        return x * self.scale


model = TestModel()


@tf.function
def run(x):
    return model(x)


run(tf.ones([2, 3]))
run(tf.ones([4, 3]))

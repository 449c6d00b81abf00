"""The fix: the weight is created once, in build/__init__ (as a Keras weight, which Keras 3
trains; a plain tf.Variable it does not)."""

import tensorflow as tf


class TestModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.scale = self.add_weight(shape=(), initializer=tf.keras.initializers.Constant(2.0))

    def call(self, x):
        return x * self.scale


model = TestModel()


@tf.function
def run(x):
    return model(x)


run(tf.ones([2, 3]))
run(tf.ones([4, 3]))

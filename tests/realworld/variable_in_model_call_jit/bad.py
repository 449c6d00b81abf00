# SOURCE: https://github.com/tensorflow/tensorflow/issues/105654
# SYMPTOM: raises ValueError
"""A model creates a tf.Variable in call(), and is run under @tf.function twice."""

import tensorflow as tf


class TestModel(tf.keras.Model):
    def call(self, x):
        scale = tf.Variable(2.0)  # EXPECT: TF401
        return x * scale


model = TestModel()


@tf.function
def run(x):
    return model(x)


run(tf.ones([2, 3]))
run(tf.ones([4, 3]))

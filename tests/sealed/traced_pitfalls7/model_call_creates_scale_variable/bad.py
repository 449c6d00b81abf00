# SOURCE: https://github.com/tensorflow/tensorflow/issues/108077
# SYMPTOM: raises ValueError
# DESCRIPTION: a subclassed Keras model creates a tf.Variable inside its call method, and the model is called from a compiled tf.function, which may create variables only once
"""A small classifier run through an XLA-compiled tf.function."""

import tensorflow as tf
import keras


class TestModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(4)

    def call(self, x):
        scale = tf.Variable(tf.ones([4]))  # EXPECT: variable-creation/variable-created-in-traced-code
        return self.dense(x) * scale


model = TestModel()


@tf.function(jit_compile=True)
def predict(x):
    return model(x)


print("out", predict(tf.ones((2, 3))).shape)

# SOURCE: https://github.com/keras-team/keras/issues/20592
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a subclassed Keras model's call loops in Python over tf.range, and the model is called from a compiled function; Keras 3 does not convert the call's loop, so iterating the symbolic tensor fails
"""A model that adds one to its input a fixed number of times, run from a compiled function."""

import keras
import tensorflow as tf


class Counter(keras.Model):
    def call(self, x):
        for _ in tf.range(5):  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
            x += 1
        return x


model = Counter()


@tf.function
def run(x):
    return model(x)


print("result", float(run(tf.constant(5.0))))

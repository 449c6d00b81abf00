# SOURCE: https://github.com/tensorflow/tensorflow/issues/26268
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a subclassed model's call chooses between two outputs with a Python if on the sign of its input; the eager call works, but fit traces the call and the condition on a symbolic tensor is refused
"""A subclassed model that shifts its input up or down by its sign."""

import numpy as np
import keras
import tensorflow as tf


class SignShift(keras.Model):
    def call(self, x):
        if tf.reduce_mean(x) > 0:  # EXPECT: graph-incompatible/python-if-on-symbolic-tensor
            return x + 1.0
        return x - 1.0


model = SignShift()
print("eager", model(tf.constant([[0.0]])).numpy().tolist())
model.compile(loss="mse", optimizer="sgd")
model.fit(np.zeros((4, 1), "float32"), np.ones((4, 1), "float32"), epochs=1, verbose=0)
print("trained")

# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "out" < 3
"""A traced method reads parameters from an attribute that the loop sets before each call."""

import numpy as np
import tensorflow as tf


class Model:
    def __init__(self):
        self.theta = None

    @tf.function
    def batch_loss(self, x):
        return tf.reduce_sum(x * self.theta)  # EXPECT: TF602


m = Model()
for trial in range(3):
    m.theta = np.full((3,), trial, dtype="float32")
    print("out", float(m.batch_loss(tf.ones((3,)))))

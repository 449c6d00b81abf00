# SOURCE: https://github.com/tensorflow/tensorflow/issues/34905
# SYMPTOM: traces >= 10
# DESCRIPTION: a compiled method is called in a loop with NumPy arrays of a different length each time, so the method is traced again for every new length
"""Summarizes variable-length recordings with a compiled method."""

import numpy as np
import tensorflow as tf


class Summary:
    @tf.function
    def total(self, data):
        return tf.reduce_sum(data)


summary = Summary()
for length in range(1, 13):
    recording = np.ones(length, dtype="float32")
    print("total", float(summary.total(recording)))  # EXPECT: retracing/shape-varies-between-calls

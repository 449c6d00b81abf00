# SOURCE: https://github.com/tensorflow/tensorflow/issues/58993
# SYMPTOM: raises NotImplementedError
"""A NumPy moving average over the elements of a traced input, for a concrete function to export."""

import numpy as np
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
def moving_average(features):
    values = [0.0] * 6
    for i in range(6):
        values[i] = float(features[i])
    return np.convolve(np.array(values), np.ones(2) / 2, mode="valid")  # EXPECT: TF804


concrete = moving_average.get_concrete_function()
print("outputs", len(concrete.outputs))

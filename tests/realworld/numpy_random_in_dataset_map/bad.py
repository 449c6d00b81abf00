# SOURCE: https://github.com/tensorflow/tensorflow/issues/60848
# SYMPTOM: distinct "offset" < 3
"""np.random.randint inside a Dataset.map function gives the same offset for every element."""

import numpy as np
import tensorflow as tf


def test_function(x):
    return x * 0 + np.random.randint(0, 1000)  # EXPECT: TF805


for value in tf.data.Dataset.range(5).map(test_function):
    print("offset", int(value))

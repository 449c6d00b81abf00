# SOURCE: https://github.com/tensorflow/tensorflow/issues/53586
# SYMPTOM: raises TypeError
"""A NumPy array of observations is sliced with a bucket index tensor inside a tf.function."""

import numpy as np
import tensorflow as tf

observed = np.arange(10.0)
boundaries = list(np.linspace(0.0, 10.0, 11))


@tf.function
def precipitation(t):
    pos = tf.raw_ops.Bucketize(input=t, boundaries=boundaries)
    window = observed[pos - 1 : pos]  # EXPECT: TF896
    return window[0]


print("value", float(precipitation(tf.constant(1.5))))

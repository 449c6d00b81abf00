# SOURCE: https://github.com/aymericdamien/TensorFlow-Examples/issues/40
# SYMPTOM: raises NotImplementedError
"""np.log applied to a graph tensor inside a tf.function."""

import numpy as np
import tensorflow as tf


@tf.function
def get_leisure(z, eps):
    e_eps = tf.exp(eps)
    return 1.5 * np.log(0.63 * e_eps) + np.log(z)  # EXPECT: TF804


get_leisure(tf.constant([0.5, 0.6]), tf.constant([0.1, 0.2]))

# SOURCE: https://github.com/tensorflow/tensorflow/issues/50661
# SYMPTOM: raises ValueError
"""The gradient of a 2D convolution with respect to its input and filter, both tensors the
tape never watches: both gradients are None."""

import numpy as np
import tensorflow as tf

x = tf.constant(np.random.randint(10, size=(1, 4, 4, 1)), tf.float32)
w = tf.constant(np.random.randint(10, size=(3, 3, 1, 1)), tf.float32)
with tf.GradientTape(persistent=True) as g:
    y = tf.nn.conv2d(x, w, strides=(1, 1, 1, 1), padding="VALID")
dy_dx = g.gradient(y, x)  # EXPECT: TF912
dy_dw = g.gradient(y, w)  # EXPECT: TF912
print("input gradient", float(tf.reduce_sum(dy_dx)))

"""The fix: watch the tensors."""

import numpy as np
import tensorflow as tf

x = tf.constant(np.random.randint(10, size=(1, 4, 4, 1)), tf.float32)
w = tf.constant(np.random.randint(10, size=(3, 3, 1, 1)), tf.float32)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    g.watch(w)
    y = tf.nn.conv2d(x, w, strides=(1, 1, 1, 1), padding="VALID")
dy_dx = g.gradient(y, x)
dy_dw = g.gradient(y, w)
print("input gradient", float(tf.reduce_sum(dy_dx)))

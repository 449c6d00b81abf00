# SOURCE: https://github.com/tensorflow/tensorflow/issues/20355
# SYMPTOM: number "nan derivatives" >= 1
# DESCRIPTION: a piecewise transfer function is written as tf.where(x < 0, 1/(1-x), log(x+1)); at points where the unused branch divides by zero or takes log(0) its derivative comes back NaN
import numpy as np
import tensorflow as tf


def transfer(x):
    return tf.where(x < 0, 1.0 / (1.0 - x), tf.math.log(x + 1.0))  # EXPECT: api-misuse/where-unselected-branch-nan-gradient


xs = tf.constant([-1.0, -0.5, 0.0, 0.5, 1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(xs)
    ys = transfer(xs)
dydx = tape.gradient(ys, xs)
print("values", ys.numpy())
print("derivatives", dydx.numpy())
print("nan derivatives", int(np.sum(np.isnan(dydx.numpy()))))

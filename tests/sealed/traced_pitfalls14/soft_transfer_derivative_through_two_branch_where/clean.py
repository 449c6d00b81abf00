import numpy as np
import tensorflow as tf


def transfer(x):
    neg = tf.minimum(x, 0.0)
    pos = tf.maximum(x, 0.0)
    return tf.where(x < 0, 1.0 / (1.0 - neg), tf.math.log(pos + 1.0))


xs = tf.constant([-1.0, -0.5, 0.0, 0.5, 1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(xs)
    ys = transfer(xs)
dydx = tape.gradient(ys, xs)
print("values", ys.numpy())
print("derivatives", dydx.numpy())
print("nan derivatives", int(np.sum(np.isnan(dydx.numpy()))))

import os

import tensorflow as tf

w = tf.Variable([5.0], tf.float32)
b = tf.Variable([7.0], tf.float32)


def linearRegressionModel(x):
    return w * x + b


def totalLoss(x, y):
    return tf.reduce_sum(tf.square(linearRegressionModel(x) - y))


GDO = tf.keras.optimizers.SGD(0.01)
x = tf.constant([0.0, 1, 2, 3, 4, 5])
y = tf.constant([9.0, 7, 5, 3, 1, -1])
w_before = float(w.numpy()[0])
for i in range(100):
    GDO.minimize(lambda: totalLoss(x, y), var_list=[w, b])
print("weights_change", abs(float(w.numpy()[0]) - w_before))

# SOURCE: https://github.com/tensorflow/tensorflow/issues/44151
# SYMPTOM: raises TypeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: A linear fit passes a loss function that takes data arguments to optimizer.minimize without var_list, expecting minimize to return a step it can call with the data.
import os

import tensorflow as tf

w = tf.Variable([5.0], tf.float32)
b = tf.Variable([7.0], tf.float32)


def linearRegressionModel(x):
    return w * x + b


def totalLoss(x, y):
    return tf.reduce_sum(tf.square(linearRegressionModel(x) - y))


GDO = tf.keras.optimizers.SGD(0.01)
model = GDO.minimize(totalLoss)  # EXPECT: api-misuse/minimize-without-var-list
for i in range(100):
    model(x=[0.0, 1, 2, 3, 4, 5], y=[9.0, 7, 5, 3, 1, -1])
print(w.numpy(), b.numpy())

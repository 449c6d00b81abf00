# SOURCE: https://github.com/tensorflow/tensorflow/issues/51622
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a linear regression calls its tf.function cost once and passes the resulting tensor to optimizer.minimize; the value was computed outside any tape, so minimize cannot take its gradient
"""Fit y = W x + b with Adam."""

import tensorflow as tf

x_train = [1.0, 2.0, 3.0]
y_train = [1.0, 2.0, 3.0]

W = tf.Variable(tf.random.normal([1]), name="weight")
b = tf.Variable(tf.random.normal([1]), name="bias")


@tf.function
def cost():
    y_model = W * x_train + b
    error = tf.reduce_mean(tf.square(y_train - y_model))
    return error


cost_value = cost()
train = tf.keras.optimizers.Adam().minimize(cost_value, var_list=[W, b])  # EXPECT: api-misuse/minimize-given-loss-tensor
tf.print("[W]", W)
tf.print("[b]", b)

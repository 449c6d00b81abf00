"""The fix: pass the cost function itself, so minimize calls it under its own tape."""

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


train = tf.keras.optimizers.Adam().minimize(cost, var_list=[W, b])
tf.print("[W]", W)
tf.print("[b]", b)

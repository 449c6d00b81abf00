"""The fix: build the optimizer once, outside the traced step."""

import tensorflow as tf

y_n = tf.Variable([1.0, 2.0, 3.0], name="y_n")
optimizer = tf.keras.optimizers.Adam(0.5)


def loss():
    return -tf.reduce_mean(tf.reduce_sum(tf.math.log(y_n), axis=0))


@tf.function
def run():
    with tf.GradientTape() as tape:
        value = loss()
    grads = tape.gradient(value, [y_n])
    optimizer.apply_gradients(zip(grads, [y_n]))
    return value


for step in range(3):
    print("loss", float(run()))

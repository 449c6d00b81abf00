# SOURCE: https://github.com/tensorflow/tensorflow/issues/42183
# SYMPTOM: raises ValueError
# DESCRIPTION: a Keras optimizer is constructed inside a tf.function step, so its variables are created while tracing
"""Minimising a small log loss: the Adam optimizer is built inside the traced step."""

import tensorflow as tf

y_n = tf.Variable([1.0, 2.0, 3.0], name="y_n")


def loss():
    return -tf.reduce_mean(tf.reduce_sum(tf.math.log(y_n), axis=0))


@tf.function
def run():
    optimizer = tf.keras.optimizers.Adam(0.5)  # EXPECT: variable-creation/optimizer-built-in-traced-code
    with tf.GradientTape() as tape:
        value = loss()
    grads = tape.gradient(value, [y_n])
    optimizer.apply_gradients(zip(grads, [y_n]))
    return value


for step in range(3):
    print("loss", float(run()))

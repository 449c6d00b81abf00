# SOURCE: https://github.com/tensorflow/tensorflow/issues/38622
# SYMPTOM: raises TypeError
# DESCRIPTION: a loss function with a hand-written gradient (tf.custom_gradient) creates a temporary tf.Variable as a work buffer each time it is called, which the custom-gradient machinery then treats as a variable the gradient must cover
"""A smoothed-L1 loss with a custom gradient, used in a training step."""

import numpy as np
import keras
import tensorflow as tf


@tf.custom_gradient
def smooth_l1(residual):
    buffer = tf.Variable(tf.zeros_like(residual), trainable=True)  # EXPECT: variable-creation/variable-created-in-traced-code
    buffer.assign(tf.where(tf.abs(residual) < 1.0, 0.5 * residual**2, tf.abs(residual) - 0.5))

    def grad(upstream):
        return upstream * tf.clip_by_value(residual, -1.0, 1.0)

    return tf.reduce_sum(buffer), grad


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(0.1)
x = np.random.default_rng(0).random((8, 3)).astype("float32")
y = np.ones((8, 1), dtype="float32")
for step in range(2):
    with tf.GradientTape() as tape:
        loss = smooth_l1(model(x) - y)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print("loss", float(loss))

# SOURCE: https://github.com/tensorflow/tensorflow/issues/29027
# SYMPTOM: traces >= 8
# DESCRIPTION: a traced training step takes the weight of a secondary loss term as a Python float that a schedule changes every step, so each new value traces a new graph and memory keeps growing
"""Semi-supervised training with a ramped-up consistency weight."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, "relu"), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(1e-3)


@tf.function
def train_step(x, y, x_unlabeled, lambda_):
    with tf.GradientTape() as tape:
        loss_1 = tf.reduce_mean(tf.square(model(x) - y))
        loss_2 = tf.reduce_mean(tf.square(model(x_unlabeled) - model(x_unlabeled + 0.01)))
        loss = loss_1 + lambda_ * loss_2
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


x, y = np.random.rand(8, 5).astype("float32"), np.random.rand(8, 1).astype("float32")
u = np.random.rand(8, 5).astype("float32")
for step in range(10):
    ramp = min(1.0, step / 10)
    loss = train_step(x, y, u, ramp)  # EXPECT: retracing/python-scalar-argument
print("loss", float(loss))

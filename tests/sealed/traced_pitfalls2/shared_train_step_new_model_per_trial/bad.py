# SOURCE: https://github.com/tensorflow/tensorflow/issues/27525
# SYMPTOM: raises ValueError
# DESCRIPTION: one module-level traced training step is reused for a freshly built model and optimizer in each trial of a sweep, so the later trials create new variables inside an already traced function
"""Sweeping a hyperparameter: train a new model per value and record its test accuracy."""

import numpy as np
import tensorflow as tf

loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


@tf.function
def train(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


x = np.random.rand(32, 6).astype("float32")
y = np.random.randint(0, 3, 32)
for units in (4, 8):
    model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(units, "relu"), tf.keras.layers.Dense(3)])
    optimizer = tf.keras.optimizers.Adam(0.01)
    for _ in range(3):
        loss = train(model, optimizer, x, y)  # EXPECT: variable-creation/traced-function-reused-with-new-model
    print("units", units, "loss", float(loss))

"""The fix: make a fresh traced step for each trial, bound to that trial's model and optimizer."""

import numpy as np
import tensorflow as tf

loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def make_train(model, optimizer):
    @tf.function
    def train(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return train


x = np.random.rand(32, 6).astype("float32")
y = np.random.randint(0, 3, 32)
for units in (4, 8):
    model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(units, "relu"), tf.keras.layers.Dense(3)])
    train = make_train(model, tf.keras.optimizers.Adam(0.01))
    for _ in range(3):
        loss = train(x, y)
    print("units", units, "loss", float(loss))

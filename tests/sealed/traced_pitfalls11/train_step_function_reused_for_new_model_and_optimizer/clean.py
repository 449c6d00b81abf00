"""The fix: build the compiled training step per model/optimizer pair, so each one creates its variables on its own first call."""

import numpy as np
import tensorflow as tf

x_train = np.random.rand(64, 10).astype(np.float32)
y_train = np.random.randint(0, 2, (64, 1)).astype(np.float32)
loss_fn = tf.keras.losses.BinaryCrossentropy()


def make_train_step(model, optimizer):
    @tf.function
    def train_step(inputs, labels):
        with tf.GradientTape() as tape:
            predictions = model(inputs, training=True)
            loss = loss_fn(labels, predictions)
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        return loss

    return train_step


for run in range(2):
    model = tf.keras.Sequential(
        [tf.keras.Input((10,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1, activation="sigmoid")]
    )
    optimizer = tf.keras.optimizers.Adam(1e-3)
    train_step = make_train_step(model, optimizer)
    for step in range(3):
        loss = train_step(x_train, y_train)
    print("[run]", run, float(loss))

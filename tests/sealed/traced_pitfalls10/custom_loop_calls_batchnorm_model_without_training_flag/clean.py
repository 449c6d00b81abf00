"""The fix: call the model with training=True inside the training step."""

import numpy as np
import tensorflow as tf
import keras

model = keras.Sequential(
    [
        keras.Input((16,)),
        keras.layers.Dense(32),
        keras.layers.BatchNormalization(),
        keras.layers.ReLU(),
        keras.layers.Dense(4),
    ]
)
optimizer = keras.optimizers.Adam(1e-3)
loss_fn = keras.losses.MeanSquaredError()


@tf.function
def train_one_step(x, y):
    with tf.GradientTape() as tape:
        predictions = model(x, training=True)
        loss = loss_fn(y, predictions)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


rng = np.random.default_rng(0)
for step in range(60):
    x = rng.normal(3.0, 1.0, size=(32, 16)).astype("float32")
    y = rng.normal(size=(32, 4)).astype("float32")
    loss = train_one_step(x, y)
batch_norm = model.layers[1]
print("[loss]", float(loss))
print("[moving_mean]", float(np.abs(batch_norm.moving_mean.numpy()).mean()))

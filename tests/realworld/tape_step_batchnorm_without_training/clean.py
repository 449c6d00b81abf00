"""The custom training loop calls the model with `training=True`: BatchNormalization
normalises each batch with its statistics and its moving mean and variance learn the
data."""

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
features = rng.normal(5.0, 2.0, (128, 4)).astype("float32")
targets = features.sum(axis=1, keepdims=True)

model = tf.keras.Sequential(
    [
        tf.keras.Input((4,)),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(1),
    ]
)
optimizer = tf.keras.optimizers.Adam(0.01)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        prediction = model(x, training=True)
        loss = tf.reduce_mean(tf.square(prediction - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


for epoch in range(20):
    train_step(features, targets)
print("MOVING_MEAN", float(np.mean(model.layers[0].moving_mean.numpy())))

"""The fix: set the flag before each model's step, so each traced step sees the flag it needs."""

import numpy as np
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4)])
discriminator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
discriminator.compile(optimizer="sgd", loss="mse")
noise_input = tf.keras.Input((2,))
combined = tf.keras.Model(noise_input, discriminator(generator(noise_input)))
combined.compile(optimizer="sgd", loss="mse")

noise = np.random.rand(8, 2).astype("float32")
real = np.random.rand(8, 4).astype("float32")
moved = 0.0
for step in range(3):
    discriminator.trainable = True
    discriminator.train_on_batch(real, np.ones((8, 1)))
    discriminator.trainable = False
    before = discriminator.layers[0].kernel.numpy().copy()
    combined.train_on_batch(noise, np.ones((8, 1)))
    moved = max(moved, float(np.abs(discriminator.layers[0].kernel.numpy() - before).max()))
print("discriminator moved in combined step", moved)

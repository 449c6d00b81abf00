# SOURCE: https://github.com/tensorflow/tensorflow/issues/41796
# SYMPTOM: number "discriminator moved in combined step" >= 0.0001
"""A GAN freezes the shared discriminator, compiles the combined model, then sets the
discriminator trainable again to train it alone; the combined model's training step is traced
later, with the flag as it is then, so the generator's step also updates the discriminator."""

import numpy as np
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4)])
discriminator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
discriminator.compile(optimizer="sgd", loss="mse")
discriminator.trainable = False
noise_input = tf.keras.Input((2,))
combined = tf.keras.Model(noise_input, discriminator(generator(noise_input)))
combined.compile(optimizer="sgd", loss="mse")
discriminator.trainable = True  # EXPECT: TF921

noise = np.random.rand(8, 2).astype("float32")
real = np.random.rand(8, 4).astype("float32")
moved = 0.0
for step in range(3):
    discriminator.train_on_batch(real, np.ones((8, 1)))
    before = discriminator.layers[0].kernel.numpy().copy()
    combined.train_on_batch(noise, np.ones((8, 1)))
    moved = max(moved, float(np.abs(discriminator.layers[0].kernel.numpy() - before).max()))
print("discriminator moved in combined step", moved)

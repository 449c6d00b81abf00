"""The fix: compile each model once, with the trainable flags it needs, before the loop."""

import numpy as np
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8)])
discriminator = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(1, activation="sigmoid")])
discriminator.compile(optimizer="adam", loss="binary_crossentropy")
d_input = tf.keras.Input((8,))
frozen = tf.keras.Model(d_input, discriminator(d_input))
frozen.trainable = False
gan = tf.keras.Sequential([generator, frozen])
gan.compile(optimizer="adam", loss="binary_crossentropy")

real = np.random.rand(8, 8).astype("float32")
for iteration in range(4):
    fake = generator(np.random.rand(8, 4).astype("float32")).numpy()
    discriminator.train_on_batch(np.concatenate([real, fake]), np.r_[np.ones(8), np.zeros(8)])
    gan.train_on_batch(np.random.rand(8, 4).astype("float32"), np.ones(8))
print("done")

# SOURCE: https://github.com/keras-team/keras/issues/6457
# SYMPTOM: traces >= 8
# DESCRIPTION: a GAN training loop toggles the discriminator's trainable flag and compiles the models again at every iteration, so each compile throws away the traced training steps and every iteration traces new ones, with compile time and memory growing
"""Alternating discriminator and generator updates with a recompile per iteration."""

import numpy as np
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8)])
discriminator = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(1, activation="sigmoid")])
gan = tf.keras.Sequential([generator, discriminator])


def make_trainable(net, val):
    net.trainable = val
    for layer in net.layers:
        layer.trainable = val


real = np.random.rand(8, 8).astype("float32")
for iteration in range(4):
    make_trainable(discriminator, True)
    discriminator.compile(optimizer="adam", loss="binary_crossentropy")  # EXPECT: retracing/compile-called-in-loop
    fake = generator(np.random.rand(8, 4).astype("float32")).numpy()
    discriminator.train_on_batch(np.concatenate([real, fake]), np.r_[np.ones(8), np.zeros(8)])
    make_trainable(discriminator, False)
    gan.compile(optimizer="adam", loss="binary_crossentropy")
    gan.train_on_batch(np.random.rand(8, 4).astype("float32"), np.ones(8))
print("done")

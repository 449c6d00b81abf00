# SOURCE: https://github.com/henry32144/pggan-tensorflow/issues/3
# SYMPTOM: raises ValueError
# DESCRIPTION: a progressive GAN grows its discriminator with new layers between resolutions and keeps calling the same tf.function training step and optimizer, which then need state for weights created after the first trace
"""A progressive-growing discriminator trained through one traced step at 4x4, then 8x8."""

import tensorflow as tf

optimizer = tf.keras.optimizers.Adam(1e-3)


def make_discriminator(resolution):
    layers = [tf.keras.Input((resolution, resolution, 3))]
    size = resolution
    while size > 4:
        layers.append(tf.keras.layers.Conv2D(4, 3, strides=2, padding="same"))
        size //= 2
    layers += [tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)]
    return tf.keras.Sequential(layers)


@tf.function
def train_d_step(discriminator, images):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(discriminator(images))
    grads = tape.gradient(loss, discriminator.trainable_variables)
    optimizer.apply_gradients(zip(grads, discriminator.trainable_variables))
    return loss


for resolution in (4, 8):
    discriminator = make_discriminator(resolution)
    for step in range(2):
        loss = train_d_step(discriminator, tf.random.normal([2, resolution, resolution, 3]))  # EXPECT: variable-creation/new-weights-on-later-trace
    print("resolution", resolution, "loss", float(loss))

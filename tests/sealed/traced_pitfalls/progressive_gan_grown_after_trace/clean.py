"""The fix: give each resolution its own traced step and its own optimizer."""

import tensorflow as tf


def make_discriminator(resolution):
    layers = [tf.keras.Input((resolution, resolution, 3))]
    size = resolution
    while size > 4:
        layers.append(tf.keras.layers.Conv2D(4, 3, strides=2, padding="same"))
        size //= 2
    layers += [tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)]
    return tf.keras.Sequential(layers)


def make_train_d_step(discriminator, optimizer):
    @tf.function
    def train_d_step(images):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(discriminator(images))
        grads = tape.gradient(loss, discriminator.trainable_variables)
        optimizer.apply_gradients(zip(grads, discriminator.trainable_variables))
        return loss

    return train_d_step


for resolution in (4, 8):
    discriminator = make_discriminator(resolution)
    train_d_step = make_train_d_step(discriminator, tf.keras.optimizers.Adam(1e-3))
    for step in range(2):
        loss = train_d_step(tf.random.normal([2, resolution, resolution, 3]))
    print("resolution", resolution, "loss", float(loss))

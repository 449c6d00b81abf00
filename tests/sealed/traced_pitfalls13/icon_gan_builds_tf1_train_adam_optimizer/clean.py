import numpy as np
import tensorflow as tf

rng = np.random.default_rng(13)
icons = tf.constant(rng.random((64, 16)).astype("float32") * 2 - 1)

generator = tf.keras.Sequential(
    [tf.keras.Input((8,)), tf.keras.layers.Dense(32, activation="relu"), tf.keras.layers.Dense(16, activation="tanh")]
)
discriminator = tf.keras.Sequential(
    [tf.keras.Input((16,)), tf.keras.layers.Dense(32, activation="relu"), tf.keras.layers.Dense(1)]
)

Adam = tf.keras.optimizers.Adam
lr, b1 = 1e-4, 0.2
g_opt = Adam(lr, beta_1=b1)
d_opt = Adam(lr, beta_1=b1)
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)

for step in range(3):
    noise = tf.random.normal((64, 8))
    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
        fake = generator(noise, training=True)
        real_score = discriminator(icons, training=True)
        fake_score = discriminator(fake, training=True)
        d_loss = bce(tf.ones_like(real_score), real_score) + bce(tf.zeros_like(fake_score), fake_score)
        g_loss = bce(tf.ones_like(fake_score), fake_score)
    d_opt.apply_gradients(zip(d_tape.gradient(d_loss, discriminator.trainable_variables), discriminator.trainable_variables))
    g_opt.apply_gradients(zip(g_tape.gradient(g_loss, generator.trainable_variables), generator.trainable_variables))
print("generator loss", float(g_loss))

# SOURCE: https://github.com/spmallick/learnopencv/issues/806
# SYMPTOM: traces >= 4
# DESCRIPTION: an image-to-image GAN's traced training step takes the epoch number as a Python int for logging, so every epoch traces a new graph
"""A pix2pix-style training loop that passes the epoch to its traced step."""

import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Conv2D(3, 3, padding="same")])
discriminator = tf.keras.Sequential([tf.keras.Input((16, 16, 6)), tf.keras.layers.Conv2D(1, 4, strides=2)])
generator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
discriminator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)


@tf.function
def train_step(input_image, target, epoch):
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        gen_output = generator(input_image, training=True)
        disc_real = discriminator(tf.concat([input_image, target], axis=-1), training=True)
        disc_fake = discriminator(tf.concat([input_image, gen_output], axis=-1), training=True)
        gen_loss = tf.reduce_mean(tf.abs(target - gen_output)) - tf.reduce_mean(disc_fake)
        disc_loss = tf.reduce_mean(disc_fake) - tf.reduce_mean(disc_real)
    generator_gradients = gen_tape.gradient(gen_loss, generator.trainable_variables)
    discriminator_gradients = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(generator_gradients, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(discriminator_gradients, discriminator.trainable_variables))
    return gen_loss, disc_loss, epoch


input_image = tf.random.uniform([1, 16, 16, 3])
target = tf.random.uniform([1, 16, 16, 3])
for epoch in range(4):
    gen_loss, disc_loss, _ = train_step(input_image, target, epoch)  # EXPECT: retracing/python-scalar-argument
    print("epoch", epoch, "gen_loss", float(gen_loss))

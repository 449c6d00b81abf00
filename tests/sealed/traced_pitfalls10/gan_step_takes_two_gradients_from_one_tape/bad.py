# SOURCE: https://web-dev-qa-db-ja.com/ja/python/tf-20%EF%BC%9Aruntimeerror%EF%BC%9Agradienttapegradient%E3%81%AF%E3%80%81%E9%9D%9E%E6%B0%B8%E7%B6%9A%E7%9A%84%E3%81%AA%E3%83%86%E3%83%BC%E3%83%97%E3%81%A71%E5%9B%9E%E3%81%A0%E3%81%91%E5%91%BC%E3%81%B3%E5%87%BA%E3%81%99%E3%81%93%E3%81%A8%E3%81%8C%E3%81%A7%E3%81%8D%E3%81%BE%E3%81%99/809781426
# SYMPTOM: raises RuntimeError
# DESCRIPTION: a GAN training step records generator and discriminator losses on a single non-persistent gradient tape and asks it for two sets of gradients; such a tape releases its resources after the first gradient call, so the second call fails
"""A DCGAN-style training step that uses one tape instead of two."""

import tensorflow as tf
import keras

BATCH_SIZE = 8
noise_dim = 16

generator = keras.Sequential([keras.Input((noise_dim,)), keras.layers.Dense(32), keras.layers.Dense(64)])
discriminator = keras.Sequential([keras.Input((64,)), keras.layers.Dense(32), keras.layers.Dense(1)])
cross_entropy = keras.losses.BinaryCrossentropy(from_logits=True)
generator_optimizer = keras.optimizers.Adam(1e-4)
discriminator_optimizer = keras.optimizers.Adam(1e-4)


def generator_loss(fake_output):
    return cross_entropy(tf.ones_like(fake_output), fake_output)


def discriminator_loss(real_output, fake_output):
    real_loss = cross_entropy(tf.ones_like(real_output), real_output)
    fake_loss = cross_entropy(tf.zeros_like(fake_output), fake_output)
    return real_loss + fake_loss


@tf.function
def train_step(images):
    noise = tf.random.normal([BATCH_SIZE, noise_dim])
    with tf.GradientTape() as tape:
        generated_images = generator(noise, training=True)
        real_output = discriminator(images, training=True)
        fake_output = discriminator(generated_images, training=True)
        gen_loss = generator_loss(fake_output)
        disc_loss = discriminator_loss(real_output, fake_output)
    gradients_of_generator = tape.gradient(gen_loss, generator.trainable_variables)
    gradients_of_discriminator = tape.gradient(disc_loss, discriminator.trainable_variables)  # EXPECT: api-misuse/non-persistent-tape-used-twice
    generator_optimizer.apply_gradients(zip(gradients_of_generator, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(gradients_of_discriminator, discriminator.trainable_variables))
    return gen_loss, disc_loss


images = tf.random.normal([BATCH_SIZE, 64])
for step in range(3):
    gen_loss, disc_loss = train_step(images)
    print("[losses]", float(gen_loss), float(disc_loss))

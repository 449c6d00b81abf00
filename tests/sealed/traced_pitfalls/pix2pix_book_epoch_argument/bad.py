# SOURCE: https://github.com/solaris33/deep-learning-tensorflow-book-code/issues/8
# SYMPTOM: traces >= 4
# DESCRIPTION: a book example's fit loop passes the epoch counter as a Python int to its traced GAN training step for every batch, so each epoch traces a new graph
"""A book-style pix2pix fit loop over a tf.data pipeline."""

import tensorflow as tf

LAMBDA = 100
generator = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Conv2D(3, 3, padding="same", activation="tanh")])
discriminator = tf.keras.Sequential([tf.keras.Input((16, 16, 6)), tf.keras.layers.Conv2D(1, 4, strides=2)])
loss_object = tf.keras.losses.BinaryCrossentropy(from_logits=True)
generator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
discriminator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)


@tf.function
def train_step(input_image, target, epoch):
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        gen_output = generator(input_image, training=True)
        disc_real_output = discriminator(tf.concat([input_image, target], axis=-1), training=True)
        disc_generated_output = discriminator(tf.concat([input_image, gen_output], axis=-1), training=True)
        gan_loss = loss_object(tf.ones_like(disc_generated_output), disc_generated_output)
        gen_total_loss = gan_loss + LAMBDA * tf.reduce_mean(tf.abs(target - gen_output))
        disc_loss = loss_object(tf.ones_like(disc_real_output), disc_real_output) + loss_object(tf.zeros_like(disc_generated_output), disc_generated_output)
    generator_gradients = gen_tape.gradient(gen_total_loss, generator.trainable_variables)
    discriminator_gradients = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(generator_gradients, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(discriminator_gradients, discriminator.trainable_variables))
    return gen_total_loss


def fit(train_ds, epochs):
    for epoch in range(epochs):
        for n, (input_image, target) in train_ds.enumerate():
            gen_total_loss = train_step(input_image, target, epoch)  # EXPECT: retracing/python-scalar-argument
        print("epoch", epoch, "gen_total_loss", float(gen_total_loss))


train_ds = tf.data.Dataset.from_tensor_slices((tf.random.uniform([4, 16, 16, 3]), tf.random.uniform([4, 16, 16, 3]))).batch(2)
fit(train_ds, 4)

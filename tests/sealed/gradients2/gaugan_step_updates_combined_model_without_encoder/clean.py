import numpy as np
import tensorflow as tf
import keras

latent_dim = 4
encoder = keras.Sequential([keras.Input((8,)), keras.layers.Dense(2 * latent_dim)], name="encoder")
generator = keras.Sequential([keras.Input((latent_dim,)), keras.layers.Dense(8)], name="generator")
discriminator = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)], name="discriminator")
discriminator.trainable = False
latent_in = keras.Input((latent_dim,))
combined_model = keras.Model(latent_in, discriminator(generator(latent_in)))
optimizer = keras.optimizers.Adam(1e-3)


def sample_from_mean_variance(mean, variance):
    return mean + tf.exp(0.5 * variance) * tf.random.normal(tf.shape(mean))


def train_generator(images):
    with tf.GradientTape() as tape:
        mean, variance = tf.split(encoder(images), 2, axis=-1)
        latent = sample_from_mean_variance(mean, variance)
        pred = combined_model(latent)
        kl = -0.5 * tf.reduce_mean(1 + variance - tf.square(mean) - tf.exp(variance))
        total_loss = tf.reduce_mean(tf.nn.softplus(-pred)) + kl
    variables = combined_model.trainable_variables + encoder.trainable_variables
    gradients = tape.gradient(total_loss, variables)
    optimizer.apply_gradients(zip(gradients, variables))


images = tf.constant(np.random.rand(16, 8), tf.float32)
before = [w.copy() for w in encoder.get_weights()]
for _ in range(3):
    train_generator(images)
change = sum(float(np.abs(a - b).sum()) for a, b in zip(encoder.get_weights(), before))
print("encoder_change", f"{change:.8f}")

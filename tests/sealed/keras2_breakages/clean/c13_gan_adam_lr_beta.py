# class: 13
# DESCRIPTION: (Keras 3 form) A GAN discriminator compiled with Adam(lr=0.0002, beta_1=0.5)
# SOURCE: https://github.com/ciceklab/UTRGAN/issues/3
import tensorflow as tf

discriminator = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(8),
    tf.keras.layers.LeakyReLU(negative_slope=0.2),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
discriminator.compile(loss="binary_crossentropy", optimizer=tf.keras.optimizers.Adam(learning_rate=0.0002, beta_1=0.5))
print(round(float(discriminator.optimizer.learning_rate.numpy()), 6), discriminator.optimizer.beta_1)

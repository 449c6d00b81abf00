# class: 13
# DESCRIPTION: A GAN discriminator compiled with Adam(lr=0.0002, beta_1=0.5)
# SOURCE: https://github.com/ciceklab/UTRGAN/issues/3
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf

discriminator = tf.keras.Sequential([
    tf.keras.layers.Dense(8, input_shape=(4,)),
    tf.keras.layers.LeakyReLU(0.2),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
discriminator.compile(loss="binary_crossentropy", optimizer=tf.keras.optimizers.Adam(lr=0.0002, beta_1=0.5))  # EXPECT
print(round(float(discriminator.optimizer.learning_rate.numpy()), 6), discriminator.optimizer.beta_1)

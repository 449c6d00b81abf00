# SOURCE: https://github.com/tensorflow/tensorflow/issues/31265
# SYMPTOM: raises RuntimeError
"""Two intertwined losses (an encoder's and a decoder's) from one tape: the second gradient()
call of a non-persistent tape raises."""

import tensorflow as tf

encoder = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
decoder = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4)])
encoder_optimizer = tf.keras.optimizers.Adam()
decoder_optimizer = tf.keras.optimizers.Adam()

data = tf.random.normal((8, 4))
with tf.GradientTape() as tape:
    codes = encoder(data)
    rebuilt = decoder(codes)
    decoder_loss = tf.reduce_mean(tf.square(rebuilt - data))
    encoder_loss = decoder_loss + 0.1 * tf.reduce_mean(tf.abs(codes))
decoder_grads = tape.gradient(decoder_loss, decoder.trainable_variables)
encoder_grads = tape.gradient(encoder_loss, encoder.trainable_variables)  # EXPECT: TF917
decoder_optimizer.apply_gradients(zip(decoder_grads, decoder.trainable_variables))
encoder_optimizer.apply_gradients(zip(encoder_grads, encoder.trainable_variables))

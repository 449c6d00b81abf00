# class: 8
# tf.squeeze on a layer output.
import tensorflow as tf

inputs = tf.keras.Input((3,))
score = tf.keras.layers.Dense(1)(inputs)
print(tf.keras.Model(inputs, tf.squeeze(score, -1)).output_shape)  # EXPECT

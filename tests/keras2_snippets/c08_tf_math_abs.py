# class: 8
# tf.math.abs of a difference of two embeddings (a siamese head).
import tensorflow as tf

left = tf.keras.Input((4,))
right = tf.keras.Input((4,))
distance = tf.math.abs(left - right)  # EXPECT
print(tf.keras.Model([left, right], tf.keras.layers.Dense(1)(distance)).output_shape)

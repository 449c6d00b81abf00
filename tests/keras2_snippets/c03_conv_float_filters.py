# class: 3
# A float number of filters, from a width multiplier.
import tensorflow as tf

alpha = 0.5
conv = tf.keras.layers.Conv2D(32 * alpha, 3)  # EXPECT
print(conv(tf.ones((1, 8, 8, 3))).shape)

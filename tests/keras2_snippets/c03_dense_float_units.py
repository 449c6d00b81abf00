# class: 3
# A float number of units, from a division.
import tensorflow as tf

hidden = 64
layer = tf.keras.layers.Dense(hidden / 2)  # EXPECT
print(layer(tf.ones((1, 3))).shape)

# class: 3
import tensorflow as tf

hidden = 64
layer = tf.keras.layers.Dense(hidden // 2)
conv = tf.keras.layers.Conv2D(int(32 * 0.5), 3)
print(layer(tf.ones((1, 3))).shape, conv(tf.ones((1, 8, 8, 3))).shape)

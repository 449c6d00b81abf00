# class: 12
import tensorflow as tf

layer = tf.keras.layers.Dense(2)
print(layer(tf.keras.Input((3,))).shape)

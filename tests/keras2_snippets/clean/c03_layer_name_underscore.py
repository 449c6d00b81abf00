# class: 3
import tensorflow as tf

layer = tf.keras.layers.Dense(2, name="block1_dense")
print(layer.name)

# class: 7
import tensorflow as tf

inputs = tf.keras.Input((8, 8, 3))
height, width = inputs.shape[1:3]
print(height, width, len(inputs.shape), inputs.dtype)

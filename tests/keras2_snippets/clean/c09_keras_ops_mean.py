# class: 9
import keras
import tensorflow as tf

inputs = tf.keras.Input((5, 3))
pooled = keras.ops.mean(inputs, axis=1)
print(tf.keras.Model(inputs, pooled).output_shape)

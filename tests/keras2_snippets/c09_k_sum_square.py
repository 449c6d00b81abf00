# class: 9
# K.sum(K.square(x)) on a layer output.
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(4)(inputs)
energy = K.sum(K.square(hidden), axis=-1)  # EXPECT
print(tf.keras.Model(inputs, energy).output_shape)

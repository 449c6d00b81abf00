# class: 9
# K.concatenate of two Inputs.
import tensorflow as tf
from tensorflow.keras import backend as K

a = tf.keras.Input((3,))
b = tf.keras.Input((3,))
print(tf.keras.Model([a, b], K.concatenate([a, b])).output_shape)  # EXPECT

# class: 9
# K.shape(x)[0] on a Keras tensor.
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input((3,))
batch = K.shape(inputs)[0]  # EXPECT
print(tf.keras.Model(inputs, inputs * 2).output_shape)

# class: 9
# K.expand_dims on an Input.
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input((3,))
print(tf.keras.Model(inputs, K.expand_dims(inputs)).output_shape)  # EXPECT

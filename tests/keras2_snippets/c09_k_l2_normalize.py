# class: 9
# K.l2_normalize on an embedding output.
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input((3,))
print(tf.keras.Model(inputs, K.l2_normalize(inputs, axis=-1)).output_shape)  # EXPECT

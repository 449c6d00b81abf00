# class: 9
# K.mean on a Keras tensor in a functional model.
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input((5, 3))
pooled = K.mean(inputs, axis=1)  # EXPECT
print(tf.keras.Model(inputs, pooled).output_shape)

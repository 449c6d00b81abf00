# class: 9
# K.dtype of a Keras tensor.
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input((3,))
print(K.dtype(inputs))  # EXPECT

# class: 9
# K.batch_set_value on a layer's Keras 3 variables.
import numpy as np
import tensorflow as tf

dense = tf.keras.layers.Dense(2)
dense.build((None, 3))
tf.keras.backend.batch_set_value([(dense.kernel, np.zeros((3, 2)))])  # EXPECT
print(float(np.abs(dense.kernel.numpy()).sum()))

# class: 9
# K.set_value on a layer's kernel.
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

dense = tf.keras.layers.Dense(2)
dense.build((None, 3))
K.set_value(dense.kernel, np.ones((3, 2)))  # EXPECT
print(float(dense.kernel.numpy().sum()))

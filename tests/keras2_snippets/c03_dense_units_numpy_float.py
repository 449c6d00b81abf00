# class: 3
# A units count from np.sqrt, a float.
import numpy as np
import tensorflow as tf

layer = tf.keras.layers.Dense(np.sqrt(16))  # EXPECT
print(layer(tf.ones((1, 3))).shape)

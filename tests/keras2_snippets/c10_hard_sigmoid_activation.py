# class: 10
# activation="hard_sigmoid" on a Dense layer.
import numpy as np
import tensorflow as tf

dense = tf.keras.layers.Dense(1, activation="hard_sigmoid", kernel_initializer="ones")  # EXPECT
print(round(float(dense(np.ones((1, 1), "float32"))[0, 0]), 4))

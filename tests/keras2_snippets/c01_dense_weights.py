# class: 1
# Layers took initial `weights=` through the base Layer's kwargs.
import numpy as np
import tensorflow as tf

w = [np.ones((3, 2), "float32"), np.zeros((2,), "float32")]
dense = tf.keras.layers.Dense(2, weights=w)  # EXPECT
print(dense(np.ones((1, 3), "float32")).numpy().tolist())

# class: 1
# GRU(time_major=True) for sequence-first data.
import numpy as np
import tensorflow as tf

gru = tf.keras.layers.GRU(3, time_major=True)  # EXPECT
print(gru(np.ones((4, 2, 3), "float32")).shape)

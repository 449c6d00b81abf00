# class: 1
# time_major=True on a recurrent layer.
import numpy as np
import tensorflow as tf

lstm = tf.keras.layers.LSTM(4, time_major=True)  # EXPECT
print(lstm(np.ones((5, 2, 3), "float32")).shape)

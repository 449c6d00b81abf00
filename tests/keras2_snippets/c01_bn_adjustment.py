# class: 1
# BatchNormalization(adjustment=...) scaled the normalized value.
import numpy as np
import tensorflow as tf

bn = tf.keras.layers.BatchNormalization(adjustment=None)  # EXPECT
print(bn(np.ones((2, 3), "float32")).shape)

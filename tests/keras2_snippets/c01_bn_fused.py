# class: 1
# BatchNormalization(fused=True) asked for the fused kernel.
import numpy as np
import tensorflow as tf

bn = tf.keras.layers.BatchNormalization(fused=True)  # EXPECT
print(bn(np.ones((2, 4, 4, 3), "float32")).shape)

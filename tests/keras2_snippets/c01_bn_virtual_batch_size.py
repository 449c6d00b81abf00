# class: 1
# BatchNormalization took virtual_batch_size (Ghost BN) through **kwargs in Keras 2.
import numpy as np
import tensorflow as tf

bn = tf.keras.layers.BatchNormalization(virtual_batch_size=2)  # EXPECT
print(bn(np.ones((4, 3), "float32"), training=True).shape)

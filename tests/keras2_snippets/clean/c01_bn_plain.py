# class: 1
import numpy as np
import tensorflow as tf

bn = tf.keras.layers.BatchNormalization(momentum=0.9)
print(bn(np.ones((4, 3), "float32"), training=True).shape)

# class: 13
# DESCRIPTION: get_custom_objects imported from keras.utils.generic_utils to register an activation (keras 2.x module)
# SOURCE: https://github.com/ZFTurbo/efficientnet_3D/pull/4
# keras2: tensorflow-cpu==2.10.1
import numpy as np
import tensorflow as tf
from keras.utils.generic_utils import get_custom_objects  # EXPECT


def swish(x):
    return x * tf.sigmoid(x)


get_custom_objects().update({"swish_act": swish})
layer = tf.keras.layers.Dense(1, activation="swish_act", kernel_initializer="ones")
print(np.round(layer(np.ones((1, 2), "float32")).numpy(), 4).tolist())

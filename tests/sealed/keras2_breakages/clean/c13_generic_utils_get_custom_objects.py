# class: 13
# DESCRIPTION: (Keras 3 form) get_custom_objects imported from keras.utils.generic_utils to register an activation (keras 2.x module)
# SOURCE: https://github.com/ZFTurbo/efficientnet_3D/pull/4
import numpy as np
import tensorflow as tf
from keras.utils import get_custom_objects


def swish(x):
    return x * tf.sigmoid(x)


get_custom_objects().update({"swish_act": swish})
layer = tf.keras.layers.Dense(1, activation=swish, kernel_initializer="ones")
print(np.round(layer(np.ones((1, 2), "float32")).numpy(), 4).tolist())

"""The fix: a TensorFlow resize inside the Lambda (or an UpSampling2D layer)."""

import tensorflow as tf
import keras


def resz(x):
    return tf.image.resize(x, (8, 8), method="nearest")


model = keras.Sequential(
    [keras.Input((4, 4, 1)), keras.layers.Lambda(resz), keras.layers.Conv2D(2, 1)]
)
print(model.output_shape)

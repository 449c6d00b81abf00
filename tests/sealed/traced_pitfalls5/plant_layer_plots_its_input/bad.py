# SOURCE: https://github.com/tensorflow/tensorflow/issues/28779
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a custom recurrent-preprocessing layer hands its input to a debugging helper that turns it into a NumPy image for display, which fails as soon as the layer is added to a Sequential model and receives a symbolic tensor
"""A plant-image model whose custom layer shows each image it receives."""

import numpy as np
import keras
import tensorflow as tf

shown = []


def view_image(image):
    shown.append(np.asarray(image).mean())


class ViewingLayer(keras.layers.Layer):
    def call(self, inputs):
        view_image(inputs)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
        return tf.reduce_mean(inputs, axis=[1, 2])


model = keras.Sequential()
model.add(keras.Input((8, 8, 3)))
model.add(ViewingLayer())
model.add(keras.layers.Dense(2))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((4, 8, 8, 3), "float32"), np.ones((4, 2), "float32"), epochs=1, verbose=0)
print("shown", len(shown))

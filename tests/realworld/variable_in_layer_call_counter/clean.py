"""The fix: the counter is a weight created once, in build."""

import numpy as np
import tensorflow as tf
import keras


class YoloLayer(keras.layers.Layer):
    def build(self, input_shape):
        self.batch_seen = self.add_weight(shape=(), initializer="zeros", trainable=False)

    def call(self, x):
        self.batch_seen.assign_add(1.0)
        return x * tf.minimum(self.batch_seen, 1.0)


inputs = keras.Input((4,))
model = keras.Model(inputs, YoloLayer()(keras.layers.Dense(4)(inputs)))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 4)), np.ones((8, 4)), epochs=2, verbose=0)

"""The fix: the scale is a weight of a layer subclass, created once in build."""

import numpy as np
import keras


class ChannelScale(keras.layers.Layer):
    def build(self, shape):
        self.scale = self.add_weight(shape=(shape[-1],), initializer="ones", name="scale")

    def call(self, x):
        return x * self.scale


inputs = keras.Input((3,))
scaled = ChannelScale()(inputs)
outputs = keras.layers.Dense(1)(scaled)
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 3), "float32"), np.ones((8, 1), "float32"), epochs=1, verbose=0)
print("trained")

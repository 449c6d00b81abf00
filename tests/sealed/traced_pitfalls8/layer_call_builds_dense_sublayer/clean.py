"""The fix: create the sublayer once in __init__ and only call it in call()."""

import numpy as np
import keras


class ProjectionBlock(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units, activation="relu")

    def call(self, x):
        projected = self.dense(x)
        return projected + x


inputs = keras.Input((8,))
outputs = keras.layers.Dense(1)(ProjectionBlock(8)(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(32, 8), np.random.rand(32, 1), epochs=2, verbose=0)
print(len(model.trainable_weights))

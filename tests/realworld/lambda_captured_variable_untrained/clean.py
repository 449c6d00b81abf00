"""The fix the guide gives: a subclassed layer owns the variable, so the model trains it."""

import numpy as np
import keras


class ScaleLayer(keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(), initializer="ones")

    def call(self, x):
        return x * self.scale


layer = ScaleLayer()
model = keras.Sequential([keras.Input((1,)), layer])
model.compile(optimizer="sgd", loss="mse")
for epoch in range(3):
    model.fit(np.ones((8, 1)), 3.0 * np.ones((8, 1)), epochs=1, verbose=0)
    print("SCALE", round(float(keras.ops.convert_to_numpy(layer.scale)), 4))

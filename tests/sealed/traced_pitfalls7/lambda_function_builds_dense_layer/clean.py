"""The fix: a custom layer that creates its Dense layer once and applies it in call."""

import numpy as np
import keras
from keras import layers


class Multiple(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.projection = layers.Dense(3, name="lyr_1")

    def call(self, x):
        return self.projection(x)


inputs = keras.Input((4,))
outputs = Multiple()(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
history = model.fit(np.ones((8, 4)), np.ones((8, 3)), epochs=1, verbose=0)
print("loss", history.history["loss"][-1])

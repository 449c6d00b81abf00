"""The fix: a layer updates the metric when the model runs, on real activations."""

import numpy as np
import keras


class TrackMean(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.tracker = keras.metrics.Mean(name="hidden_mean")

    def call(self, x):
        self.tracker.update_state(x)
        return x


inputs = keras.Input((2,))
hidden = keras.layers.Dense(30, activation="relu")(inputs)
hidden = TrackMean()(hidden)
outputs = keras.layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)
model(np.ones((4, 2), dtype="float32"))
print("outputs", model.output.shape)

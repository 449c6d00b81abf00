# SOURCE: https://github.com/flaviagiammarino/lstnet-tensorflow/pull/1
# SYMPTOM: raises Exception
# DESCRIPTION: the skip-connection layer of an LSTNet time-series model walks over its input tensor with a Python for loop to gather every p-th time step, which iterates a symbolic tensor when the layer is traced
"""The skip component of an LSTNet forecaster."""

import numpy as np
import tensorflow as tf


class SkipGRU(tf.keras.layers.Layer):
    def __init__(self, units, skip, **kwargs):
        super().__init__(**kwargs)
        self.skip = skip
        self.gru = tf.keras.layers.GRU(units)

    def call(self, inputs):
        steps = []
        for t, step in enumerate(tf.transpose(inputs, [1, 0, 2])):  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
            if t % self.skip == 0:
                steps.append(step)
        return self.gru(tf.stack(steps, axis=1))


inputs = tf.keras.Input((12, 3))
outputs = tf.keras.layers.Dense(1)(SkipGRU(4, skip=3)(inputs))
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(8, 12, 3), np.random.rand(8, 1), epochs=1, verbose=0)
print("trained")

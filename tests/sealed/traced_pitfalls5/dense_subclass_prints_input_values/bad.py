# SOURCE: https://github.com/tensorflow/tensorflow/issues/27519
# SYMPTOM: raises AttributeError
# DESCRIPTION: a Dense subclass counts its calls in a global and logs the values of its inputs by converting them to NumPy inside call, which works when the layer is called eagerly but not when the model is built and trained, where call receives a symbolic tensor
"""A Dense layer that logs what it receives while a small regression model trains."""

import numpy as np
import keras

calls = 0


class LoggingDense(keras.layers.Dense):
    def call(self, inputs):
        global calls
        calls += 1  # EXPECT: side-effect/counter-incremented-in-traced-code
        print(calls, "inputs", inputs.numpy()[:1])  # EXPECT: graph-incompatible/numpy-on-graph-tensor
        return super().call(inputs)


model = keras.Sequential([keras.Input((3,)), LoggingDense(2, activation="relu"), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 3), "float32"), np.ones((8, 1), "float32"), epochs=1, verbose=0)
print("trained")

# SOURCE: https://github.com/keras-team/keras/issues/2221
# SYMPTOM: raises ValueError
# DESCRIPTION: A regressor meant to output whole numbers ends in a custom layer that rounds its input, so the loss has no gradient with respect to any weight.
import numpy as np
import keras
from keras import ops


class Round(keras.layers.Layer):
    def call(self, inputs):
        return ops.round(inputs)  # EXPECT: api-misuse/non-differentiable-op-in-model-output


max_features = 5
m = keras.Sequential()
m.add(keras.Input(shape=(max_features,)))
m.add(keras.layers.Dense(20))
m.add(keras.layers.Activation("relu"))
m.add(keras.layers.Dense(20))
m.add(keras.layers.Activation("relu"))
m.add(keras.layers.Dense(3))
m.add(Round())
m.compile(loss="mean_absolute_error", optimizer="adam")

x = np.random.rand(64, max_features).astype("float32")
y = np.random.randint(0, 5, (64, 3)).astype("float32")
m.fit(x, y, epochs=1, verbose=0)
print("trained")

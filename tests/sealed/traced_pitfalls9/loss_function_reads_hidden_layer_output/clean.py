"""The fix: expose the hidden layer as a named model output and give the penalty to that output, so the loss receives it as y_pred."""

import numpy as np
import keras
from keras import ops

input_1 = keras.Input((5,))
hidden_a = keras.layers.Dense(2, name="hidden")(input_1)
output = keras.layers.Dense(1, name="output")(hidden_a)
m3 = keras.Model(input_1, {"output": output, "hidden": hidden_a})


def my_loss(y_true, y_pred):
    return ops.sum(y_pred)


m3.compile(optimizer="adam", loss={"hidden": my_loss})
x = np.random.RandomState(0).random((10, 5)).astype("float32")
y = np.random.RandomState(1).random((10, 1)).astype("float32")
history = m3.fit(x, {"output": y, "hidden": np.zeros((10, 2), "float32")}, epochs=2, verbose=0)
print("[loss]", history.history["loss"][-1])

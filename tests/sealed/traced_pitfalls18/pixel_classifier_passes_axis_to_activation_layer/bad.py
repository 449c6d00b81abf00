# SOURCE: https://github.com/keras-team/keras/issues/6380
# SYMPTOM: raises ValueError
# DESCRIPTION: a per-position classifier asks the Activation layer for a softmax over axis 1, but Activation takes no axis argument; the axis belongs to the Softmax layer or the softmax function
import numpy as np
import keras
from keras.layers import Activation, Conv1D, Input

inputs = Input((12, 4))
scores = Conv1D(5, 3, padding="same")(inputs)
scores = keras.layers.Permute((2, 1))(scores)  # (batch, classes, steps)
probabilities = Activation("softmax", axis=1)(scores)  # EXPECT: api-misuse/activation-layer-axis-argument
model = keras.Model(inputs, probabilities)
x = np.random.default_rng(6380).random((3, 12, 4)).astype("float32")
print("class sums", np.round(model.predict(x, verbose=0).sum(axis=1)[0, :3], 3))
